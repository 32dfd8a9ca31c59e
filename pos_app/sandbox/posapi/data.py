"""The sandbox's sample data: taxpayers (register number → TIN), the merchants registered on this
PosAPI, their bank accounts, and the reference lists of the /api/ look-ups. Where the spec's examples
name a TIN, register or code, it is here, so that the spec's own examples are accepted."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Taxpayer:
    reg_no: str            # 7-digit state register number of an organisation
    tin: str               # taxpayer identification number (11 digits; 12 in the spec's examples)
    name: str
    vat_payer: bool = True
    city_payer: bool = True
    free_project: bool = False
    is_government: bool = False
    vat_registered: str | None = "2019-02-16"

    def info(self) -> dict[str, Any]:
        return {"name": self.name, "freeProject": self.free_project, "cityPayer": self.city_payer,
                "vatPayer": self.vat_payer, "found": True, "vatpayerRegisteredDate": self.vat_registered,
                "isGovernment": self.is_government}


def default_taxpayers() -> list[Taxpayer]:
    return [
        Taxpayer("5317878", "37900846788", "ТЕСТИЙН ХЭРЭГЛЭГЧ 1"),                 # the spec's merchantTin
        Taxpayer("6235972", "110718991986", "ДЭЭЖ СҮҮ ХХК"),                      # the spec's B2B customerTin
        Taxpayer("5395305", "31654321554", "НОМИН ХОЛДИНГ ХХК"),                  # the spec's getTinInfo data
        Taxpayer("2012345", "22101525067", "ТАЛХ ЧИХЭР ХК"),                      # the spec's Example 1
        Taxpayer("6012894", "77001059076", "ХААН ТӨМӨР ХХК", vat_payer=False, vat_registered=None),
        Taxpayer("2763222", "83000874855", "УЛААНБААТАР ХОТЫН ЗАХИРАГЧИЙН АЛБА", is_government=True),
    ]


@dataclass
class BankAccount:
    id: int
    tin: str
    account_no: str
    account_name: str
    bank_id: int
    bank_name: str
    iban: str

    def view(self) -> dict[str, Any]:
        return {"id": self.id, "tin": self.tin, "bankAccountNo": self.account_no,
                "bankAccountName": self.account_name, "bankId": self.bank_id, "bankName": self.bank_name,
                "iBan": self.iban}


def default_bank_accounts() -> list[BankAccount]:
    return [
        BankAccount(1, "110718991986", "1111111111", "ДЭЭЖ СҮҮ ХХК", 5, "Хаан банк", "1001000151111111111"),
        BankAccount(2, "37900846788", "5041466217", "ТЕСТИЙН ХЭРЭГЛЭГЧ 1", 4, "Голомт банк",
                    "100100015121212121111"),
        BankAccount(3, "22101525067", "5041466218", "ТАЛХ ЧИХЭР ХК", 5, "Хаан банк", "100500050005041466218"),
    ]


@dataclass
class Merchant:
    """A taxpayer registered on this PosAPI (it may issue receipts), with its customers (tenants)."""
    tin: str
    name: str
    customers: list[str] = field(default_factory=list)   # TINs


def default_merchants() -> list[Merchant]:
    return [Merchant("37900846788", "ТЕСТИЙН ХЭРЭГЛЭГЧ 1", ["31654321554"]),
            Merchant("110718991986", "ДЭЭЖ СҮҮ ХХК", ["37900846788"]),
            Merchant("22101525067", "ТАЛХ ЧИХЭР ХК", [])]


BRANCHES = [
    {"branchCode": "01", "branchName": "Архангай", "subBranchCode": "01", "subBranchName": "Эрдэнэбулган"},
    {"branchCode": "01", "branchName": "Архангай", "subBranchCode": "02", "subBranchName": "Чулуут"},
    {"branchCode": "25", "branchName": "Баянгол дүүрэг", "subBranchCode": "01", "subBranchName": "1-р хороо"},
    {"branchCode": "34", "branchName": "Сүхбаатар дүүрэг", "subBranchCode": "01", "subBranchName": "1-р хороо"},
]

PRODUCT_TAX_CODES = [
    {"startDate": "2016-01-01", "endDate": "2024-12-31", "taxProductCode": "43401",
     "taxProductName": "Хөдөө аж ахуйн зориулалттай шинэ трактор, комбайн", "taxTypeCode": 2,
     "taxTypeName": "VAT_FREE"},
    {"startDate": "2016-01-01", "endDate": "2030-12-31", "taxProductCode": "304",
     "taxProductName": "НӨАТ-аас чөлөөлөгдөх төсөл", "taxTypeCode": 2, "taxTypeName": "VAT_FREE"},
    {"startDate": "2016-01-01", "endDate": "2030-12-31", "taxProductCode": "320",
     "taxProductName": "Сүү, сүүн бүтээгдэхүүн", "taxTypeCode": 2, "taxTypeName": "VAT_FREE"},
    {"startDate": "2016-01-01", "endDate": "2030-12-31", "taxProductCode": "502",
     "taxProductName": "Экспортод гаргасан бараа, ажил, үйлчилгээ", "taxTypeCode": 3, "taxTypeName": "VAT_ZERO"},
    {"startDate": "2016-01-01", "endDate": "2030-12-31", "taxProductCode": "0000414",
     "taxProductName": "Монгол улсын хилийн гадна борлуулсан", "taxTypeCode": 4, "taxTypeName": "NO_VAT"},
]

STOCK_QR = {
    "BF6B1FBA86FB4C41ADDBB01C09C024F5": {
        "barcode": "8656170014754", "barcodeName": "Архи Ерөөл 0.75 л", "cpcd": "2413150",
        "productTypeCode": "02", "productTypeName": "Цагаан архи, ликёр, кордиал ба спиртлэг бусад ундаа",
        "productCategory": "Эх орны үйлдвэр", "productPercent": 38, "productSize": 750, "unitCode": "гр"},
}

# БҮНА (classification) levels, keyed by the codes of the path so far (the spec's examples).
BUNA: dict[tuple[str, ...], list[list[str]]] = {
    (): [["0", "Хөдөө аж ахуй, ойн аж ахуй, загас агнуурын бүтээгдэхүүн"],
         ["1", "Хүдэр, эрдэс бодис, цахилгаан, хий, ус"],
         ["2", "Хүнсний бүтээгдэхүүн, ундаа, тамхи; нэхмэл даавуу, хувцас, арьс ширэн бүтээгдэхүүн"]],
    ("0",): [["01", "Хөдөө аж ахуйн бүтээгдэхүүн, цэцэрлэгжүүлэлт"],
             ["02", "Мал, амьтан, тэдгээрийн гаралтай бүтээгдэхүүн махыг оруулахгүйгээр"]],
    ("0", "01"): [["011", "Үр тариа"], ["012", "Хүнсний ногоо"]],
    ("0", "01", "011"): [["0111", "Улаан буудай"], ["0112", "Эрдэнэ шиш"]],
    ("0", "01", "011", "0111"): [["01111", "Улаан буудай, үрийн"], ["01112", "Бусад төрлийн улаан буудай"]],
    ("0", "01", "011", "0111", "01111"): [["0111100", "Улаан буудай  үрийн"]],
    ("0", "01", "011", "0111", "01111", "0111100"): [["800888883000", "Тест", "2022-07-17"],
                                                     ["8101888888000", "Тест1", "2022-07-17"]],
}
