"""What the PosAPI sandbox holds (merchants, receipts, lotteries, lastSentDate, clock, faults, request log) and its
options."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .clock import Clock, stamp
from .data import (BankAccount, Merchant, Taxpayer, default_bank_accounts, default_merchants,
                   default_taxpayers)
from .faults import FaultInjector, RequestLog


LOTTERIES_OUT = ("refuse", "no_lottery")


@dataclass
class PosApiOptions:
    lotteries: int = 1000              # lottery numbers the PosAPI holds after start, reset and sendData
    max_unsent_hours: int = 72         # new receipts are refused when lastSentDate is older (spec: silent)
    lotteries_out: str = "refuse"      # "refuse" new B2C receipts, or issue them with an empty "no_lottery"
    receipt_error_status: int = 200    # HTTP status of a refused POST /rest/receipt (the spec: 200, status ERROR)
    pos_id: int = 101476
    pos_no: str = "10009335"
    version: str = "3.0.12"
    operator_name: str = "ПОС САНДБОКС ХХК"
    operator_tin: str = "37900846788"
    taxpayers: list[Taxpayer] | None = field(default=None, repr=False)
    merchants: list[Merchant] | None = field(default=None, repr=False)
    bank_accounts: list[BankAccount] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.lotteries_out not in LOTTERIES_OUT:
            raise ValueError(f"lotteries_out must be one of {LOTTERIES_OUT}")
        if self.lotteries < 0 or self.max_unsent_hours < 1:
            raise ValueError("lotteries must be 0 or more and max_unsent_hours 1 or more")


class PosApiSandbox:
    """What the PosAPI holds: merchants, receipts, lotteries, lastSentDate, clock, faults, request log."""

    def __init__(self, options: PosApiOptions | None = None) -> None:
        self.options = options or PosApiOptions()
        self.clock = Clock()
        self.faults = FaultInjector()
        self.log = RequestLog()
        self.lock = threading.RLock()
        self.reset()

    def reset(self) -> None:
        with self.lock:
            self.clock.reset()
            self.taxpayers = list(self.options.taxpayers or default_taxpayers())
            self.merchants: dict[str, Merchant] = {m.tin: m for m in self.options.merchants or default_merchants()}
            self.bank_accounts = list(self.options.bank_accounts or default_bank_accounts())
            self.receipts: dict[str, dict[str, Any]] = {}
            self.bill_suffixes: set[tuple[str, str, str]] = set()
            self.left_lotteries = self.options.lotteries
            self.last_sent: datetime = self.clock.now()
            self._sequence = 0
            self.merchant_requests: list[dict[str, Any]] = []
        self.faults.clear()
        self.log.clear()

    def taxpayer_by_tin(self, tin: str) -> Taxpayer | None:
        return next((t for t in self.taxpayers if t.tin == tin), None)

    def taxpayer_by_reg(self, reg_no: str) -> Taxpayer | None:
        return next((t for t in self.taxpayers if t.reg_no == reg_no.strip().upper()), None)

    def next_id(self, tin: str, now: datetime) -> str:
        """A 33-digit ДДТД: TIN (12, zero-padded) + posId (6) + yyMMdd + a 9-digit sequence."""
        self._sequence += 1
        digits_only = "".join(ch for ch in str(tin) if ch.isdigit())[-12:]
        return f"{digits_only:0>12}{self.options.pos_id % 10**6:06d}{now:%y%m%d}{self._sequence:09d}"

    def send_data(self) -> None:
        with self.lock:
            for record in self.receipts.values():
                record["sent"] = True
            self.last_sent = self.clock.now()
            self.left_lotteries = max(self.left_lotteries, self.options.lotteries)

    def info(self) -> dict[str, Any]:
        with self.lock:
            merchants = [{"name": m.name, "tin": m.tin,
                          "customers": [{"name": t.name, "tin": t.tin, "vatPayer": t.vat_payer}
                                        for tin in m.customers if (t := self.taxpayer_by_tin(tin)) is not None]}
                         for m in self.merchants.values()]
            return {"operatorName": self.options.operator_name, "operatorTIN": self.options.operator_tin,
                    "posId": self.options.pos_id, "posNo": self.options.pos_no, "version": self.options.version,
                    "lastSentDate": stamp(self.last_sent), "leftLotteries": self.left_lotteries,
                    "appInfo": {"applicationDir": "/opt/posapi", "currentDir": "/opt/posapi",
                                "database": "QSQLITE", "database-host": "/opt/posapi/work/posapi.db",
                                "supported-databases": ["QMYSQL", "QPSQL", "QODBC", "QSQLITE"],
                                "workDir": "/opt/posapi/work"},
                    "paymentTypes": [{"code": "CASH", "name": "Бэлнээр"},
                                     {"code": "PAYMENT_CARD", "name": "Төлбөрийн карт"}],
                    "merchants": merchants}
