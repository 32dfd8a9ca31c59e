#!/bin/sh
# The store server's command line (pos-store serve, add-till, add-owner): the till's bundle runs it.
# As a service: /lib/systemd/system/pos-store.service, settings in /etc/pos-store/store.conf.
exec /opt/pos-app/pos-app store "$@"
