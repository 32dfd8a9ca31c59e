"""The sandbox's state and services: merchants, records, tokens, clock, faults, logs, and its options."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from .callbacks import CallbackSender
from .clock import Clock
from .faults import FaultInjector, RequestLog
from .live import ContractProfile, profile_for
from .merchants import Merchant, default_merchants, load_merchants
from .state import State
from .store import ObjectStore
from .taxes import CITY_TAX_RATE
from .tokens import TokenIssuer


@dataclass
class SandboxOptions:
    merchants_file: str | Path | None = None
    state_file: str | Path | None = None
    callback_style: str = "post"
    single_session: bool = False
    merchants: list[Merchant] | None = field(default=None, repr=False)
    city_tax_rate: Decimal = CITY_TAX_RATE   # a fraction: 0.02 (2 %) or 0.01 (1 %)
    profile: str = "contract"   # "contract": as the contract says; "live": as the live service answers


class Sandbox:
    """Everything the service holds: merchants, records, tokens, clock, faults, logs."""

    def __init__(self, options: SandboxOptions | None = None) -> None:
        self.options = options or SandboxOptions()
        self.profile: ContractProfile = profile_for(self.options.profile)
        live = self.profile.live   # the live service: one session per account, callbacks by GET
        merchants = self.options.merchants or default_merchants()
        if self.options.merchants_file:
            merchants = load_merchants(self.options.merchants_file)
        self.clock = Clock()
        store = ObjectStore(self.options.state_file) if self.options.state_file else None
        self.state = State(self.clock, merchants, store, self.options.city_tax_rate)
        self.tokens = TokenIssuer(self.clock, single_session=self.options.single_session or live, live=live)
        self.callbacks = CallbackSender("get" if live else self.options.callback_style, expect_success=live)
        self.faults = FaultInjector()
        self.log = RequestLog()

    def reset(self) -> None:
        self.state.reset()
        self.tokens.reset()
        self.faults.clear()
        self.log.clear()
        self.callbacks.clear()
        self.profile.reset()

    def info(self) -> dict:
        return {"profile": self.profile.name, "callback_style": self.callbacks.style,
                "single_session": self.tokens.single_session, "city_tax_rate": str(self.state.city_tax_rate)}

    def close(self) -> None:
        self.callbacks.close()
        self.state.close()
