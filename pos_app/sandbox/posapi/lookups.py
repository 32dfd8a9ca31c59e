"""The look-ups under /api/ (on api.ebarimt.mn in the real world), served here with sample data."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request

from .data import BRANCHES, BUNA, PRODUCT_TAX_CODES, STOCK_QR, Merchant
from .jsonio import BadJson, PosJSON, parse_object

if TYPE_CHECKING:
    from .service import PosApiSandbox

router = APIRouter(prefix="/api", default_response_class=PosJSON, tags=["ebarimt look-ups"])
OK = "Амжилттай"
REGISTER = re.compile(r"^[0-9]{7}$|^[А-ЯЁӨҮ]{2}[0-9]{8}$")


def _sandbox(request: Request) -> "PosApiSandbox":
    return request.app.state.sandbox


def _answer(data: Any, status: int = 200, msg: str = OK) -> PosJSON:
    return PosJSON({"status": status, "msg": msg, "data": data})


@router.get("/info/check/getTinInfo", summary="TIN by register number (ТТД лавлах)")
def tin_info(request: Request, regNo: str | None = None) -> PosJSON:  # noqa: N803 (the spec's name)
    if not regNo or not REGISTER.match(regNo.strip().upper()):
        return _answer(None, 400, "regNo must be a 7-digit register number (or a citizen's register)")
    taxpayer = _sandbox(request).taxpayer_by_reg(regNo)
    if taxpayer is None:
        return _answer(None, 404, "Бүртгэлгүй регистрийн дугаар (no taxpayer with this register number)")
    return _answer(int(taxpayer.tin))   # the spec's example: "data": 31654321554, a number


@router.get("/info/check/getInfo", summary="Taxpayer information by TIN (Бүртгэлийн мэдээлэл)")
def taxpayer_info(request: Request, tin: str | None = None) -> PosJSON:
    if not tin or not tin.strip().isdigit():
        return _answer(None, 400, "tin must be a taxpayer identification number")
    taxpayer = _sandbox(request).taxpayer_by_tin(tin.strip())
    if taxpayer is None:   # the spec's `found`: false for a number that is no taxpayer
        return _answer({"name": "", "freeProject": False, "cityPayer": False, "vatPayer": False,
                        "found": False, "vatpayerRegisteredDate": None, "isGovernment": False})
    return _answer(taxpayer.info())


@router.get("/info/check/getBranchInfo", summary="District codes (District_code лавлах)")
def branch_info() -> PosJSON:
    return _answer(BRANCHES)


@router.get("/receipt/receipt/getProductTaxCode", summary="VAT_FREE / VAT_ZERO / NO_VAT product codes")
def product_tax_codes() -> PosJSON:
    return _answer(PRODUCT_TAX_CODES)


@router.get("/inventory/stock/getStockQr", summary="Excise stamp QR look-up (ОАТ барааны баркод)")
def stock_qr(stockQr: str | None = None) -> PosJSON:  # noqa: N803 (the spec's name)
    found = STOCK_QR.get((stockQr or "").strip().upper())
    if found is None:
        return PosJSON({"status": 404, "msg": "no excise stamp with this QR"}, status_code=404)
    return PosJSON(found)


@router.get("/info/check/barcode/v2", summary="БҮНА classification, top level")
@router.get("/info/check/barcode/v2/{codes:path}", summary="БҮНА classification, one level down per code")
def buna(codes: str = "") -> PosJSON:
    key = tuple(part for part in codes.split("/") if part)
    if len(key) > 6:
        return PosJSON([], status_code=404)
    return PosJSON(BUNA.get(key, []))


@router.post("/tpi/receipt/saveOprMerchants", summary="The operator asks to register merchants")
async def save_operator_merchants(request: Request) -> PosJSON:
    if not request.headers.get("x-api-key", "").strip():
        return PosJSON({"msg": "X-API-KEY header is required", "status": 401, "code": None, "data": None},
                       status_code=401)
    try:
        body = parse_object(await request.body())
    except BadJson as exc:
        return PosJSON({"msg": str(exc), "status": 400, "code": None, "data": None}, status_code=400)
    tins = body.get("merchantTins")
    if not isinstance(body.get("posNo"), str) or not isinstance(tins, list) or not tins:
        return PosJSON({"msg": "posNo and merchantTins are required", "status": 400, "code": None,
                        "data": None}, status_code=400)
    sandbox = _sandbox(request)
    with sandbox.lock:
        for tin in (str(t) for t in tins):   # the spec's example sends the TINs as numbers
            taxpayer = sandbox.taxpayer_by_tin(tin)
            if taxpayer is None:
                return PosJSON({"msg": f"{tin} is not a registered taxpayer", "status": 400, "code": None,
                                "data": None}, status_code=400)
            # The sandbox grants the request at once: the merchant may issue receipts here.
            sandbox.merchants.setdefault(tin, Merchant(tin, taxpayer.name))
        sandbox.merchant_requests.append({"posNo": body["posNo"], "merchantTins": [str(t) for t in tins]})
    return PosJSON({"msg": "Мерчант бүртгэх хүсэлт амжилттай илгээгдлээ.", "status": 200, "code": None,
                    "data": None})
