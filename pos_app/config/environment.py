"""Which payment service the till speaks to (the settings' `environment`)."""

from __future__ import annotations

from enum import Enum


class Environment(str, Enum):
    TRAINING = "training"      # the embedded sandbox: the default, needs no account
    SANDBOX = "sandbox"        # QPay's own test service
    PRODUCTION = "production"
    STORE = "store"            # the shop's store server (pos-store): its address, this till's name and key
