"""What every part of the sale's flow works with: the task runner, the sale on screen, the services of the moment
and the flow's stage move. The flow builds one and hands it to each of its parts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pos_app.checkout.sale_services import SaleServices
    from pos_app.domain.sale import Sale, Stage
    from pos_app.ui.common.tasks import TaskRunner


@dataclass(frozen=True)
class FlowContext:
    runner: TaskRunner
    on_screen: Callable[[], Sale | None]             # the flow's sale on screen (None: an empty cart)
    services: Callable[[], SaleServices | None]      # the flow's services (None: still starting, or none)
    move: Callable[[Stage], None]                    # the sale on screen to another stage, said
