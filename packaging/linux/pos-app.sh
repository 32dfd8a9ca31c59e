#!/bin/sh
# The installed till: the bundle lives in /opt/pos-app; settings and the journal in the user's folders.
exec /opt/pos-app/pos-app "$@"
