<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="mn_MN">
<context>
    <name>AppStore</name>
    <message>
        <location filename="../../pos_app/app/store_bridge.py" line="+113"/>
        <source>The store&apos;s catalog is in use: {count} items (what is added from now on takes its prices).</source>
        <translation>Дэлгүүрийн серверийн каталог ашиглагдаж байна: {count} бараа (одооноос нэмэх бараа шинэ үнээрээ орно).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The store server answers again: QPay sales go through it again, and what was sold directly is sent to it.</source>
        <translation>Дэлгүүрийн сервер дахин хариу өгч байна: QPay-ийн төлбөр дахин түүгээр дамжина, шууд борлуулсан худалдаа түүнд илгээгдэнэ.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The store server is not answering: selling directly with QPay (the shop&apos;s own account) until it is back. The till keeps trying.</source>
        <translation>Дэлгүүрийн сервер хариу өгөхгүй байна: сервер сэргэтэл QPay-ээр шууд (дэлгүүрийн өөрийн дансаар) борлуулна. Касс дахин оролдсоор байна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The store server is not answering: QPay sales cannot be charged until it is back (cash and card terminal sales go on). The till keeps trying.</source>
        <translation>Дэлгүүрийн сервер хариу өгөхгүй байна: сервер сэргэтэл QPay-ээр төлбөр авах боломжгүй (бэлэн мөнгө, картын терминалаар худалдаа үргэлжилнэ). Касс дахин оролдсоор байна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Selling directly is allowed, but no password is stored for the direct QPay account: enter it in Settings (Ctrl+,).</source>
        <translation>Шууд борлуулахыг зөвшөөрсөн боловч шууд QPay дансны нууц үг хадгалагдаагүй байна: Тохиргоонд (Ctrl+,) оруулна уу.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Selling directly with QPay: the store server is not answering.</source>
        <translation>QPay-ээр шууд борлуулж байна: дэлгүүрийн сервер хариу өгөхгүй байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay sales go through the store server again.</source>
        <translation>QPay-ийн төлбөр дахин дэлгүүрийн сервероор дамжина.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Store server: NOT ANSWERING · selling directly</source>
        <translation>Дэлгүүрийн сервер: ХАРИУ ӨГӨХГҮЙ БАЙНА · QPay-ээр шууд зарж байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Store server: NOT ANSWERING</source>
        <translation>Дэлгүүрийн сервер: ХАРИУ ӨГӨХГҮЙ БАЙНА</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Store server</source>
        <translation>Дэлгүүрийн сервер</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>SELLING DIRECTLY WITH QPAY: the store server is not answering</source>
        <translation>QPAY-ЭЭР ШУУД БОРЛУУЛЖ БАЙНА: дэлгүүрийн сервер хариу өгөхгүй байна</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>The store server answers again: QPay sales can be charged.</source>
        <translation>Дэлгүүрийн сервер дахин хариу өгч байна: QPay-ээр төлбөр авч болно.</translation>
    </message>
</context>
<context>
    <name>BankList</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/bank_list.py" line="+33"/>
        <source>Bank apps that can pay this invoice</source>
        <translation>Энэ нэхэмжлэхийг төлөх боломжтой банкны аппууд</translation>
    </message>
</context>
<context>
    <name>Banks</name>
    <message>
        <location filename="../../pos_app/bank_names.py" line="+15"/>
        <source>qPay wallet</source>
        <translation>qPay хэтэвч</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Khan bank</source>
        <translation>Хаан банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State bank</source>
        <translation>Төрийн банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Xac bank</source>
        <translation>Хас банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trade and Development bank</source>
        <translation>Худалдаа хөгжлийн банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Social Pay</source>
        <translation>Сошиал Пэй (Голомт банк)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most money</source>
        <translation>МОСТ мони</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>National investment bank</source>
        <translation>Үндэсний хөрөнгө оруулалтын банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chinggis khaan bank</source>
        <translation>Чингис хаан банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capitron bank</source>
        <translation>Капитрон банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bogd bank</source>
        <translation>Богд банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trans bank</source>
        <translation>Тээвэр хөгжлийн банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>M bank</source>
        <translation>М банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ard App</source>
        <translation>Ард апп</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Toki App</source>
        <translation>Токи апп</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arig bank</source>
        <translation>Ариг банк</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Monpay</source>
        <translation>Мон пэй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Golomt bank</source>
        <translation>Голомт банк</translation>
    </message>
</context>
<context>
    <name>Cart</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+46"/>
        <source>Type or scan a code, or quantity*code (e.g. 3*4901234567890)</source>
        <translation>Код уншуулах эсвэл бичнэ үү, эсвэл тоо*код (ж.нь 3*4901234567890)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity {value} is not a number</source>
        <translation>Тоо ширхэг {value} тоо биш байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity must be above 0 and at most {maximum}</source>
        <translation>Тоо ширхэг 0-ээс их, {maximum}-аас ихгүй байх ёстой</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity may have at most 3 decimals</source>
        <translation>Тоо ширхэг дээд тал нь 3 бутархай оронтой байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price {value} is not a number</source>
        <translation>Үнэ {value} тоо биш байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price must be at least 0, below 10^12, with at most 2 decimals</source>
        <translation>Үнэ 0-ээс багагүй, 10^12-оос бага, дээд тал нь 2 бутархай оронтой байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A line&apos;s share of the sale discount must be from 0 to its amount</source>
        <translation>Мөрөнд ногдох нийт хөнгөлөлт 0-ээс мөрийн дүн хүртэл байх ёстой</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scale label {code}: item {item} is not in the catalog</source>
        <translation>Жингийн шошго {code}: {item} кодтой бараа каталогт алга</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Description must be 1 to {maximum} characters</source>
        <translation>Тайлбар 1-ээс {maximum} тэмдэгт байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no line {number}</source>
        <translation>{number}-р мөр байхгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A sale holds at most {maximum} lines</source>
        <translation>Нэг борлуулалтад дээд тал нь {maximum} мөр байна</translation>
    </message>
</context>
<context>
    <name>CartModel</name>
    <message>
        <location filename="../../pos_app/ui/sale/cart/cart_model.py" line="+200"/>
        <source>Item</source>
        <translation>Бараа</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Qty</source>
        <translation>Тоо</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Үнэ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Free line</source>
        <translation>Гараар нэмсэн мөр</translation>
    </message>
</context>
<context>
    <name>CatalogImportDialog</name>
    <message>
        <location filename="../../pos_app/ui/settings/catalog_import.py" line="+61"/>
        <source>Import the catalog</source>
        <translation>Каталог оруулах</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Choose file…</source>
        <translation>Файл сонгох…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A CSV file (UTF-8) or an Excel workbook (.xlsx) with the columns barcode, name, price, tax_product_code, classification_code, city_tax; pinned and unit may be added.</source>
        <translation>barcode, name, price, tax_product_code, classification_code, city_tax баганатай CSV файл (UTF-8) эсвэл Excel ажлын ном (.xlsx); pinned, unit баганыг нэмж болно.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show only the rows to fix</source>
        <translation>Зөвхөн засах мөрүүдийг харуулах</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+177"/>
        <source>Choose the file to import.</source>
        <translation>Оруулах файлаа сонгоно уу.</translation>
    </message>
    <message>
        <location line="-173"/>
        <source>Import</source>
        <translation>Оруулах</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Close</source>
        <translation>Хаах</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Choose the catalog to import</source>
        <translation>Оруулах каталогоо сонгох</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Catalogs (*.csv *.xlsx *.xlsm)</source>
        <translation>Каталог (*.csv *.xlsx *.xlsm)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV файл (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Excel workbooks (*.xlsx *.xlsm)</source>
        <translation>Excel ажлын ном (*.xlsx *.xlsm)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>Бүх файл (*)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Reading {file}…</source>
        <translation>Уншиж байна: {file}…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not read {file}: {reason}. Nothing was imported.</source>
        <translation>{file} файлыг уншиж чадсангүй: {reason}. Юу ч оруулсангүй.</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln бараа</numerusform>
            <numerusform>%Ln бараа</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This file cannot be imported: {reason} Nothing was imported.</source>
        <translation>Энэ файлыг оруулах боломжгүй: {reason} Юу ч оруулсангүй.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln row(s) need fixing</source>
        <translation>
            <numerusform>%Ln мөрийг засах шаардлагатай</numerusform>
            <numerusform>%Ln мөрийг засах шаардлагатай</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{items}; {rows}. Fix them in the file and choose it again: nothing is imported until every row is right.</source>
        <translation>{items}; {rows}. Файлд нь засаад дахин сонгоно уу: бүх мөр зөв болтол юу ч оруулахгүй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file has no products to import.</source>
        <translation>Файлд оруулах бараа алга.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{items}, every row right. Import replaces the catalog the till sells from.</source>
        <translation>{items}, бүх мөр зөв. Оруулбал кассын одоо ашиглаж буй каталогийг солино.</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>Importing %Ln item(s)…</source>
        <translation>
            <numerusform>%Ln барааг оруулж байна…</numerusform>
            <numerusform>%Ln барааг оруулж байна…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Could not save the catalog to {path}: {reason}. The catalog in use is unchanged; try again.</source>
        <translation>Каталогийг {path} руу хадгалж чадсангүй: {reason}. Ашиглаж буй каталог өөрчлөгдөөгүй; дахин оролдоно уу.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Imported %Ln item(s) into {path}.</source>
        <translation>
            <numerusform>%Ln барааг {path} руу оруулав.</numerusform>
            <numerusform>%Ln барааг {path} руу оруулав.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CatalogPreviewModel</name>
    <message>
        <location filename="../../pos_app/ui/settings/catalog_preview.py" line="+99"/>
        <source>Line</source>
        <translation>Мөр</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Barcode</source>
        <translation>Бар код</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>Нэр</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Үнэ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit</source>
        <translation>Нэгж</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tax codes</source>
        <translation>Татварын код</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>City tax</source>
        <translation>НХАТ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pinned</source>
        <translation>Шуурхай товч</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>To fix</source>
        <translation>Засах зүйл</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>file</source>
        <translation>файл</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The header lacks the column(s): {value}.</source>
        <translation>Толгой мөрөнд багана дутуу байна: {value}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>More than {value} products: a catalog holds no more.</source>
        <translation>{value}-аас олон бараа байна: каталогт үүнээс илүүг багтаахгүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>More fields than the header has.</source>
        <translation>Толгой мөрөөс олон талбартай байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fewer fields than the header has: is the row cut off?</source>
        <translation>Толгой мөрөөс цөөн талбартай байна: мөр тасарсан уу?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The barcode must be 1 to 64 characters without spaces.</source>
        <translation>Бар код хоосон зайгүй, 1-64 тэмдэгт байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The name must be 1 to 255 characters.</source>
        <translation>Нэр 1-255 тэмдэгт байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The price {value} is not a number.</source>
        <translation>Үнэ {value} тоо биш байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The price {value} must be at least 0 and below 10^12, with at most 2 decimals.</source>
        <translation>Үнэ {value} нь 0-ээс багагүй, 10^12-оос бага, дээд тал нь 2 бутархай оронтой байх ёстой.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>City tax must be yes or no, not {value}.</source>
        <translation>НХАТ нь yes эсвэл no (тийм, үгүй) байх ёстой, {value} биш.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pinned must be yes or no, not {value}.</source>
        <translation>Шуурхай товч (pinned) нь yes эсвэл no (тийм, үгүй) байх ёстой, {value} биш.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The unit {value} must be at most 16 characters, all printable.</source>
        <translation>Нэгж {value} нь хэвлэгдэх тэмдэгтүүдээс бүрдсэн, дээд тал нь 16 тэмдэгт байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Barcode {value} is already on line {other}.</source>
        <translation>{value} бар код {other}-р мөрөнд аль хэдийн байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is not valid CSV here ({value}).</source>
        <translation>Файл энэ хэсэгт зөв CSV биш байна ({value}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is not UTF-8 text from this line: save it as &quot;CSV UTF-8&quot;.</source>
        <translation>Файл энэ мөрөөс эхлэн UTF-8 текст биш байна: &quot;CSV UTF-8&quot; хэлбэрээр хадгална уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This is an old Excel .xls workbook: save it as .xlsx or as &quot;CSV UTF-8&quot;.</source>
        <translation>Энэ бол хуучин Excel .xls ажлын ном: .xlsx эсвэл &quot;CSV UTF-8&quot; хэлбэрээр хадгална уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is larger than {value} MB.</source>
        <translation>Файл {value} МБ-аас том байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file cannot be read: {value}.</source>
        <translation>Файлыг уншиж чадсангүй: {value}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is not an Excel workbook that can be read ({value}).</source>
        <translation>Файл уншигдах Excel ажлын ном биш байна ({value}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The workbook has no sheet.</source>
        <translation>Ажлын номд хуудас алга.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sheet cannot be read from here on ({value}).</source>
        <translation>Хуудсыг эндээс цааш уншиж чадсангүй ({value}).</translation>
    </message>
</context>
<context>
    <name>Counter</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+8"/>
        <source>A discount must be above 0</source>
        <translation>Хөнгөлөлт 0-ээс их байх ёстой</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A discount may have at most 2 decimals</source>
        <translation>Хөнгөлөлт хамгийн ихдээ 2 орны бутархайтай байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A discount can be at most 100 %</source>
        <translation>Хөнгөлөлт хамгийн ихдээ 100 % байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A discount must be below 10^12</source>
        <translation>Хөнгөлөлт 10^12-оос бага байх ёстой</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount {value} is not a number or a percent</source>
        <translation>{value} хөнгөлөлт нь тоо эсвэл хувь биш байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A name is 1 to {maximum} characters</source>
        <translation>Нэр 1-ээс {maximum} тэмдэгт байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A PIN is 4 to 8 digits</source>
        <translation>ПИН код 4-8 оронтой тоо байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Someone else uses that PIN: choose another</source>
        <translation>Энэ ПИН кодыг өөр хүн хэрэглэж байна: өөрийг сонгоно уу</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale label {code} did not read right (its check digit is wrong): scan or type it again</source>
        <translation>Жингийн шошго {code} зөв уншигдсангүй (шалгах орон нь буруу): дахин уншуулах эсвэл бичнэ үү</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale label {code} did not read right (the check digit of its weight or price is wrong): scan or type it again</source>
        <translation>Жингийн шошго {code} зөв уншигдсангүй (жин эсвэл үнийн шалгах орон буруу): дахин уншуулах эсвэл бичнэ үү</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale label {code} shows no weight: weigh the item again</source>
        <translation>Жингийн шошго {code} жингүй байна: барааг дахин жинлэнэ үү</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale label {code} shows a price of 0: weigh the item again</source>
        <translation>Жингийн шошго {code} 0 үнэтэй байна: барааг дахин жинлэнэ үү</translation>
    </message>
</context>
<context>
    <name>CustomerDisplay</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/customer_display.py" line="+66"/>
        <source>Customer display</source>
        <translation>Үйлчлүүлэгчийн дэлгэц</translation>
    </message>
    <message numerus="yes">
        <location line="+62"/>
        <source>… and %n line(s) before</source>
        <translation>
            <numerusform>… өмнө нь %n мөр</numerusform>
            <numerusform>… өмнө нь %n мөр</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Total</source>
        <translation>Нийт</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+21"/>
        <source>Amount to pay</source>
        <translation>Төлөх дүн</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Please ask the cashier how to pay.</source>
        <translation>Төлөх аргыг кассчнаас асууна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan with your bank app</source>
        <translation>Банкны аппаараа уншуулна уу</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+15"/>
        <source>Paid — thank you</source>
        <translation>Төлөгдлөө — баярлалаа</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Total {total}</source>
        <translation>Нийт дүн {total}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Your change</source>
        <translation>Таны хариулт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid {amount}</source>
        <translation>Төлсөн {amount}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Welcome</source>
        <translation>Тавтай морил</translation>
    </message>
</context>
<context>
    <name>DayCloseDialog</name>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="+96"/>
        <source>Day close</source>
        <translation>Өдрийн хаалт</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Day</source>
        <translation>Өдөр (&amp;D)</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+126"/>
        <source>Terminal: {}</source>
        <translation>Терминал: {}</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>Refresh</source>
        <translation>Шинэчлэх</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the journal again (F5)</source>
        <translation>Журналыг дахин унших (F5)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Export CSV…</source>
        <translation>CSV гаргах…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the day&apos;s summary and its sales as CSV files (Ctrl+E)</source>
        <translation>Өдрийн дүн, борлуулалтыг CSV файлаар хадгалах (Ctrl+E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print…  (Ctrl+P)</source>
        <translation>Хэвлэх…  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print the day&apos;s summary on the receipt printer (Ctrl+P)</source>
        <translation>Өдрийн дүнг баримтын принтерээр хэвлэх (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Close</source>
        <translation>Хаах</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="+74"/>
        <source>Count</source>
        <translation>Тоо</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Sales</source>
        <translation>Борлуулалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid sales</source>
        <translation>Төлөгдсөн борлуулалт</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Of which with a discount (taken off)</source>
        <translation>Үүнээс хөнгөлөлттэй (хасагдсан дүн)</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+71"/>
        <source>Given back</source>
        <translation>Буцаасан</translation>
    </message>
    <message>
        <location line="-104"/>
        <source>QPay card</source>
        <translation>QPay карт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay bank transfer</source>
        <translation>QPay дансны шилжүүлэг</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay {kind}</source>
        <translation>QPay {kind}</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>By tender</source>
        <translation>Төлбөрийн хэрэгслээр</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Paid</source>
        <translation>Төлсөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Net</source>
        <translation>Цэвэр дүн</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Cash rounding (whole tögrög)</source>
        <translation>Бэлэн мөнгөний тоймлолт (бүхэл төгрөг)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Net (paid − given back)</source>
        <translation>Цэвэр (төлөгдсөн − буцаасан)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipts issued</source>
        <translation>Гаргасан баримт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipts voided</source>
        <translation>Хүчингүй болсон баримт</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Receipts still valid after a return</source>
        <translation>Буцаалтын дараа хүчинтэй үлдсэн баримт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled / expired / failed</source>
        <translation>Цуцлагдсан / хугацаа дууссан / амжилтгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled invoices</source>
        <translation>Цуцлагдсан нэхэмжлэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired invoices</source>
        <translation>Хугацаа дууссан нэхэмжлэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed (no invoice made)</source>
        <translation>Амжилтгүй (нэхэмжлэх үүсээгүй)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Given back (cancel / refund)</source>
        <translation>Буцаасан (цуцлалт / буцаалт)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>By bank</source>
        <translation>Банкаар</translation>
    </message>
    <message>
        <location line="-144"/>
        <location line="+146"/>
        <source>Unknown</source>
        <translation>Тодорхойгүй</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+10"/>
        <source>No payments</source>
        <translation>Төлбөр байхгүй</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Needs attention</source>
        <translation>Анхаарах зүйлс</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Given back, no answer yet</source>
        <translation>Буцаасан, хариу ирээгүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Given back, failed</source>
        <translation>Буцаасан, амжилтгүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt voids, no answer yet</source>
        <translation>Баримт цуцлалт, хариугүй</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Unfinished sales</source>
        <translation>Дуусаагүй борлуулалт</translation>
    </message>
    <message>
        <location line="-129"/>
        <source>Cash</source>
        <translation>Бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card terminal</source>
        <translation>Картын терминал</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>Cancelled or handed back</source>
        <translation>Цуцалсан эсвэл буцааж өгсөн</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Refunded</source>
        <translation>Буцаан олгосон</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Net: —</source>
        <translation>Цэвэр дүн: —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Net: {}</source>
        <translation>Цэвэр дүн: {}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{day}: {begun} sales begun, {paid} paid ({paid_amount}), {given_back} given back</source>
        <translation>{day}: {begun} борлуулалт эхэлсэн, {paid} төлөгдсөн ({paid_amount}), {given_back} буцаасан</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{} item(s) need attention: see “Needs attention”.</source>
        <translation>Анхаарах {} зүйл байна: “Анхаарах зүйлс” хэсгийг үзнэ үү.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="+124"/>
        <source>Loading…</source>
        <translation>Ачаалж байна…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not read the journal: {}</source>
        <translation>Журналыг уншиж чадсангүй: {}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Read at {}.</source>
        <translation>Уншсан: {}.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+106"/>
        <source>Save the day as CSV</source>
        <translation>Өдрийн дүнг CSV-ээр хадгалах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV файл (*.csv)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Saving…</source>
        <translation>Хадгалж байна…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not save {path}: {reason}. Nothing was changed; choose another folder and try again.</source>
        <translation>{path} файлыг хадгалж чадсангүй: {reason}. Юу ч өөрчлөгдөөгүй; өөр хавтас сонгоод дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Could not save {path} ({error}).</source>
        <translation>{path} файлыг хадгалж чадсангүй ({error}).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved to {summary} and {sales}.</source>
        <translation>{summary} болон {sales} файлд хадгаллаа.</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Printing…</source>
        <translation>Хэвлэж байна…</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>Back</source>
        <translation>Буцах</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="-100"/>
        <source>City tax with receipt</source>
        <translation>Баримттай НХАТ</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>City tax without receipt</source>
        <translation>Баримтгүй НХАТ</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+0"/>
        <source>Close the day</source>
        <translation>Өдрийг хаах</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="-158"/>
        <location line="+77"/>
        <source>Close the day…</source>
        <translation>Өдрийг хаах…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="-4"/>
        <source>Close {day}? Its figures are stored as they are now and never change; what happens after this counts on the next day.</source>
        <translation>{day}-ийн өдрийг хаах уу? Түүний дүн одоогийнхоороо хадгалагдаж, дахин өөрчлөгдөхгүй; үүнээс хойш болсон зүйл дараагийн өдөрт тооцогдоно.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="+89"/>
        <source>Closed at {moment}: these are the figures stored then.</source>
        <translation>{moment}-д хаасан: тэр үед хадгалсан дүн харагдаж байна.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+29"/>
        <source>Closing the day…</source>
        <translation>Өдрийг хааж байна…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not close the day: {}</source>
        <translation>Өдрийг хааж чадсангүй: {}</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="-4"/>
        <source>Counted from {moment}, when the day before was closed.</source>
        <translation>Өмнөх өдрийг хаасан {moment}-с хойш тооцов.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Receipt still valid after a return: {numbers}. Correct it in the ebarimt portal, then a manager marks it settled in the sales history (Shift+F8).</source>
        <translation>Буцаалтын дараа хүчинтэй үлдсэн баримт: {numbers}. И-баримтын порталд засаад, дараа нь менежер борлуулалтын түүхэнд шийдвэрлэсэн гэж тэмдэглэнэ (Shift+F8).</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="+0"/>
        <source>Day closed</source>
        <translation>Өдөр хаагдсан</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+7"/>
        <source>Day closed at {}. Its figures are stored and stay as they are.</source>
        <translation>Өдрийг {}-д хаалаа. Түүний дүн хадгалагдсан бөгөөд өөрчлөгдөхгүй.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="-125"/>
        <source>Of which paid beyond the total</source>
        <translation>Үүнээс нийт дүнгээс илүү төлсөн</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Owed a receipt</source>
        <translation>Баримт гаргах ёстой</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Owed a receipt: {numbers}</source>
        <translation>Баримт гаргах ёстой: {numbers}</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Paid without receipt</source>
        <translation>Баримтгүй төлөгдсөн</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Receipts and taxes</source>
        <translation>Баримт ба татвар</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="-75"/>
        <source>Store the day&apos;s figures as its Z report: they never change afterwards, and what happens later counts on the next day</source>
        <translation>Өдрийн дүнг Z тайлан болгон хадгалах: дараа нь өөрчлөгдөхгүй, үүнээс хойш болсон зүйл дараагийн өдөрт тооцогдоно</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="-14"/>
        <source>This day was already closed; its stored figures are shown.</source>
        <translation>Энэ өдөр аль хэдийн хаагдсан; хадгалсан дүн нь харагдаж байна.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="+3"/>
        <source>VAT with receipt</source>
        <translation>Баримттай НӨАТ</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>VAT without receipt</source>
        <translation>Баримтгүй НӨАТ</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/shop.py" line="+66"/>
        <source>This till</source>
        <translation>Энэ касс</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Whole shop</source>
        <translation>Бүх дэлгүүр</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every till of the shop added up, as the store has their journals</source>
        <translation>Дэлгүүрийн бүх кассын дүнгийн нийлбэр (дэлгүүрийн серверт ирсэн журналаар)</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Reading the shop&apos;s figures from the store…</source>
        <translation>Дэлгүүрийн дүнг серверээс уншиж байна…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The store did not answer: showing this till only.</source>
        <translation>Дэлгүүрийн сервер хариу өгсөнгүй: зөвхөн энэ кассын дүнг харуулж байна.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>this shop</source>
        <translation>энэ дэлгүүр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shop: {shop}, {tills} till(s)</source>
        <translation>Дэлгүүр: {shop}, {tills} касс</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The whole shop, as the store had it at {}.</source>
        <translation>Бүх дэлгүүрийн дүн ({} цагийн байдлаар, дэлгүүрийн серверээс).</translation>
    </message>
</context>
<context>
    <name>DiscountDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/discount.py" line="+32"/>
        <source>Discount</source>
        <translation>Хөнгөлөлт</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{what}: {amount}</source>
        <translation>{what}: {amount}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>10% or an amount, such as 500</source>
        <translation>10% эсвэл дүн, жишээ нь 500</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Give</source>
        <translation>Хөнгөлөх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Болих</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>A discount of {discount} is more than the {amount} it is taken from: type at most {amount} (or 100%).</source>
        <translation>{discount} хөнгөлөлт нь хасагдах дүн {amount}-өөс их байна: дээд тал нь {amount} (эсвэл 100%) гэж бичнэ үү.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A discount above {limit} % needs a manager&apos;s PIN, and no manager is set up: give at most {limit} %, or have the owner set up a manager (Till → People and PINs) or raise the limit in Settings.</source>
        <translation>{limit} %-иас их хөнгөлөлтөд менежерийн ПИН хэрэгтэй, гэтэл менежер бүртгэгдээгүй байна: дээд тал нь {limit} % хөнгөлөх, эсвэл эзэн нь менежер бүртгэх (Касс → Ажилтнууд ба ПИН) юм уу Тохиргоонд хязгаарыг нэмэгдүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No discount.</source>
        <translation>Хөнгөлөлтгүй.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Takes off {off}: {total} to pay.</source>
        <translation>{off} хасна: төлөх дүн {total}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Above the limit of {limit} %: a manager&apos;s PIN is asked.</source>
        <translation>{limit} %-ийн хязгаараас их: менежерийн ПИН асууна.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <location filename="../../pos_app/ui/common/error_words.py" line="+29"/>
        <source>The invoice code in Settings is not valid for this merchant. Call the manager.</source>
        <translation>Тохиргоон дахь нэхэмжлэхийн код энэ мерчантад тохирохгүй байна. Менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The invoice needs at least one line. Add an item and charge again.</source>
        <translation>Нэхэмжлэхэд дор хаяж нэг мөр хэрэгтэй. Бараа нэмээд дахин төлбөр авна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The amount is below the merchant&apos;s minimum.</source>
        <translation>Дүн мерчантын доод хязгаараас бага байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The amount is above the merchant&apos;s maximum. Split the sale.</source>
        <translation>Дүн мерчантын дээд хязгаараас их байна. Борлуулалтыг хуваана уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The service refused the amount.</source>
        <translation>Үйлчилгээ энэ дүнг хүлээж авсангүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The merchant account is disabled. Call the manager.</source>
        <translation>Мерчантын бүртгэл идэвхгүй байна. Менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The merchant account does not exist. Check Settings.</source>
        <translation>Мерчантын бүртгэл олдсонгүй. Тохиргоог шалгана уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The service does not know this invoice. Check the sale in the history (F4).</source>
        <translation>Үйлчилгээнд энэ нэхэмжлэх олдсонгүй. Борлуулалтыг түүхээс (F4) шалгана уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The till asked the service in a way it does not accept. Call support.</source>
        <translation>Касс үйлчилгээнд хүлээн авахгүй хэлбэрээр хүсэлт илгээсэн. Тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know this payment. Check the sale in the history (F4).</source>
        <translation>Үйлчилгээнд энэ төлбөр олдсонгүй. Борлуулалтыг түүхээс (F4) шалгана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The payment was already given back.</source>
        <translation>Төлбөр аль хэдийн буцаагдсан.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only a card payment can be given back here; a bank transfer is returned by the bank. Call the manager.</source>
        <translation>Энд зөвхөн картын төлбөрийг буцаах боломжтой; дансаар шилжүүлсэн мөнгийг банк буцаана. Менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant is not registered for ebarimt. Call the manager.</source>
        <translation>Мерчант И-баримтад бүртгэлгүй байна. Менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The bank did not approve the payment. Ask the customer for another payment (another card or bank app).</source>
        <translation>Банк төлбөрийг зөвшөөрсөнгүй. Үйлчлүүлэгчээс өөр аргаар (өөр карт эсвэл банкны апп) төлөхийг хүснэ үү.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That QR code was already paid or used. Charge again for a new QR code.</source>
        <translation>Энэ QR код аль хэдийн төлөгдсөн эсвэл ашиглагдсан байна. Шинэ QR код гаргахын тулд дахин төлбөр авна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know this QR code. Charge again for a new one.</source>
        <translation>Үйлчилгээнд энэ QR код олдсонгүй. Шинэ код гаргахын тулд дахин төлбөр авна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service found the sale&apos;s details wrong (an amount or an item). Check the sale and charge again; if it repeats, call support.</source>
        <translation>Үйлчилгээ борлуулалтын мэдээллийг (дүн эсвэл бараа) буруу гэж үзлээ. Борлуулалтыг шалгаад дахин төлбөр авна уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The invoice code expects bank transfer details the till does not send. Call the manager to check the invoice code.</source>
        <translation>Нэхэмжлэхийн код нь кассын илгээдэггүй дансны шилжүүлгийн мэдээлэл шаардаж байна. Нэхэмжлэхийн кодыг шалгуулахаар менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant account has no permission for this. Call the manager to ask QPay for it.</source>
        <translation>Мерчантын бүртгэлд үүнийг хийх зөвшөөрөл алга. Менежерт хандаж QPay-ээс зөвшөөрөл хүсүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax receipt needs each item&apos;s tax details. The manager checks the items&apos; taxes in the catalog; then charge again.</source>
        <translation>И-баримтад бараа бүрийн татварын мэдээлэл шаардлагатай. Менежер каталог дахь барааны татварыг шалгана; дараа нь дахин төлбөр авна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An item lacks its tax product code (БҮНА code) in the catalog. The manager adds it; then charge again.</source>
        <translation>Каталог дахь нэг барааны БҮНА код (татварын бүтээгдэхүүний код) дутуу байна. Менежер үүнийг нэмнэ; дараа нь дахин төлбөр авна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The organisation&apos;s register number is wrong. Check its 7 digits and enter it again.</source>
        <translation>Байгууллагын регистрийн дугаар буруу байна. 7 оронтой дугаарыг шалгаад дахин оруулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The tax receipt&apos;s QR code is not valid. Issue the receipt again; if it repeats, call support.</source>
        <translation>И-баримтын QR код хүчингүй байна. Баримтыг дахин гаргана уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know this customer. Check the buyer&apos;s register number and try again.</source>
        <translation>Үйлчилгээнд энэ харилцагч олдсонгүй. Худалдан авагчийн регистрийн дугаарыг шалгаад дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This customer is already registered at the service. Use the registered customer; if unsure, call the manager.</source>
        <translation>Энэ харилцагч үйлчилгээнд аль хэдийн бүртгэлтэй байна. Бүртгэлтэй харилцагчийг ашиглана уу; эргэлзвэл менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the buyer&apos;s details. Call the manager: QPay can change the invoice code.</source>
        <translation>Энэ нэхэмжлэхийн код худалдан авагчийн мэдээлэл шаарддаг. Менежерт хандана уу: QPay нэхэмжлэхийн кодыг өөрчилж чадна.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This invoice code requires the buyer&apos;s address. Call the manager: QPay can change the invoice code.</source>
        <translation>Энэ нэхэмжлэхийн код худалдан авагчийн хаяг шаарддаг. Менежерт хандана уу: QPay нэхэмжлэхийн кодыг өөрчилж чадна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the buyer&apos;s e-mail address. Call the manager: QPay can change the invoice code.</source>
        <translation>Энэ нэхэмжлэхийн код худалдан авагчийн и-мэйл хаяг шаарддаг. Менежерт хандана уу: QPay нэхэмжлэхийн кодыг өөрчилж чадна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the buyer&apos;s phone number. Call the manager: QPay can change the invoice code.</source>
        <translation>Энэ нэхэмжлэхийн код худалдан авагчийн утасны дугаар шаарддаг. Менежерт хандана уу: QPay нэхэмжлэхийн кодыг өөрчилж чадна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the shop&apos;s branch details. Call the manager: QPay can change the invoice code.</source>
        <translation>Энэ нэхэмжлэхийн код дэлгүүрийн салбарын мэдээлэл шаарддаг. Менежерт хандана уу: QPay нэхэмжлэхийн кодыг өөрчилж чадна.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This invoice code is already registered to another use. Call the manager to check the invoice code in Settings.</source>
        <translation>Энэ нэхэмжлэхийн код өөр зорилгоор аль хэдийн бүртгэгдсэн байна. Тохиргоон дахь нэхэмжлэхийн кодыг шалгуулахаар менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An input code of this invoice code is already registered. Call the manager to check the invoice code with QPay.</source>
        <translation>Энэ нэхэмжлэхийн кодын оролтын код аль хэдийн бүртгэгдсэн байна. Нэхэмжлэхийн кодыг QPay-тэй шалгуулахаар менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know an input of this invoice code. Call the manager to check the invoice code with QPay.</source>
        <translation>Үйлчилгээнд энэ нэхэмжлэхийн кодын оролт олдсонгүй. Нэхэмжлэхийн кодыг QPay-тэй шалгуулахаар менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service has no record of what was asked. Check the sale in the history (F4); if it repeats, call support.</source>
        <translation>Үйлчилгээнд хүссэн мэдээлэл олдсонгүй. Борлуулалтыг түүхээс (F4) шалгана уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The service does not know the till&apos;s QPay user. Check the user name in Settings.</source>
        <translation>Үйлчилгээнд кассын QPay хэрэглэгч олдсонгүй. Тохиргоонд хэрэглэгчийн нэрээ шалгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This QPay user name is already taken. Call the manager.</source>
        <translation>Энэ QPay хэрэглэгчийн нэр аль хэдийн бүртгэгдсэн байна. Менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This merchant is already registered at QPay. Nothing to change at the till; call the manager.</source>
        <translation>Энэ мерчант QPay-д аль хэдийн бүртгэлтэй байна. Кассад өөрчлөх зүйлгүй; менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant&apos;s QR account is disabled. Call the manager to contact QPay.</source>
        <translation>Мерчантын QR данс идэвхгүй байна. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant has no QR account at QPay. Call the manager to contact QPay.</source>
        <translation>Мерчант QPay-д QR дансгүй байна. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay does not know the merchant&apos;s card terminal. Call the manager to contact QPay.</source>
        <translation>QPay-д мерчантын картын терминал бүртгэлгүй байна. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Payment by QPay bank transfer is not set up for the merchant. Call the manager to contact QPay.</source>
        <translation>Мерчантад QPay дансны шилжүүлгээр төлбөр авах тохиргоо хийгдээгүй байна. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay does not find the merchant&apos;s bank account. Call the manager to check the bank account with QPay.</source>
        <translation>QPay-д мерчантын банкны данс олдсонгүй. Дансыг QPay-тэй шалгуулахаар менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The bank account chosen for this payment is not valid for the merchant. Call the manager to check the merchant&apos;s bank accounts.</source>
        <translation>Энэ төлбөрт сонгосон банкны данс мерчантад тохирохгүй байна. Мерчантын дансуудыг шалгуулахаар менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The merchant&apos;s bank account is registered twice. Call the manager to contact QPay.</source>
        <translation>Мерчантын банкны данс давхар бүртгэгдсэн байна. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay does not know the merchant&apos;s business category (MCC). Call the manager to contact QPay.</source>
        <translation>QPay-д мерчантын үйл ажиллагааны ангилал (MCC) олдсонгүй. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The bank does not know the merchant&apos;s business category (MCC). Call the manager to contact QPay.</source>
        <translation>Банкинд мерчантын үйл ажиллагааны ангилал (MCC) олдсонгүй. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant&apos;s business category (MCC) is already added at the bank. Call the manager to contact QPay.</source>
        <translation>Мерчантын үйл ажиллагааны ангилал (MCC) банкинд аль хэдийн нэмэгдсэн байна. Менежерт хандаж QPay-тэй холбогдуулна уу.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The service found a detail of the request missing or wrong. Check the sale and try again; if it repeats, call support.</source>
        <translation>Үйлчилгээ хүсэлтийн нэг мэдээллийг дутуу эсвэл буруу гэж үзлээ. Борлуулалтыг шалгаад дахин оролдоно уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service did not accept the till&apos;s login (another till may have logged in with the same account). Try again; if it repeats, check the user name and password in Settings.</source>
        <translation>Үйлчилгээ кассын нэвтрэлтийг хүлээж авсангүй (өөр касс ижил бүртгэлээр нэвтэрсэн байж магадгүй). Дахин оролдоно уу; давтагдвал Тохиргоонд хэрэглэгчийн нэр, нууц үгээ шалгана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>QPay does not allow this for the merchant account. Call the manager to ask QPay for it.</source>
        <translation>QPay мерчантын бүртгэлд үүнийг зөвшөөрдөггүй. Менежерт хандаж QPay-ээс зөвшөөрөл хүсүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service already has this (sent twice?). Check the sale in the history (F4) before trying again.</source>
        <translation>Үйлчилгээнд энэ аль хэдийн бүртгэгдсэн байна (хоёр удаа илгээсэн үү?). Дахин оролдохоосоо өмнө борлуулалтыг түүхээс (F4) шалгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not find what the till asked for. Check the sale in the history (F4).</source>
        <translation>Үйлчилгээнд кассын хүссэн зүйл олдсонгүй. Борлуулалтыг түүхээс (F4) шалгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment service had an internal error. Wait a minute and try again; if it repeats, call support.</source>
        <translation>Төлбөрийн үйлчилгээнд дотоод алдаа гарлаа. Нэг минут хүлээгээд дахин оролдоно уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location line="-117"/>
        <source>The invoice is already paid.</source>
        <translation>Нэхэмжлэх аль хэдийн төлөгдсөн.</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+2"/>
        <source>The till did not log in to the payment service. Try again; if it repeats, call support.</source>
        <translation>Касс төлбөрийн үйлчилгээнд нэвтэрсэнгүй. Дахин оролдоно уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The invoice is already cancelled.</source>
        <translation>Нэхэмжлэх аль хэдийн цуцлагдсан.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The payment is not complete yet.</source>
        <translation>Төлбөр хараахан дуусаагүй байна.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This receipt cannot be cancelled through QPay. Call the manager.</source>
        <translation>Энэ баримтыг QPay-ээр цуцлах боломжгүй. Менежерт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service has no receipt for this payment.</source>
        <translation>Үйлчилгээнд энэ төлбөрийн баримт алга.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service refused the request&apos;s details.</source>
        <translation>Үйлчилгээ хүсэлтийн мэдээллийг хүлээж авсангүй.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+206"/>
        <source>The answer was lost on the way; check the sale before trying again.</source>
        <translation>Хариу замдаа алдагдсан; дахин оролдохоосоо өмнө борлуулалтыг шалгана уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/error_words.py" line="-1"/>
        <location filename="../../pos_app/ui/common/messages.py" line="+2"/>
        <source>The service is busy. Wait a few seconds and try again.</source>
        <translation>Үйлчилгээ ачаалалтай байна. Хэдэн секунд хүлээгээд дахин оролдоно уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+6"/>
        <source>No connection to the payment service. Check the network and try again.</source>
        <translation>Төлбөрийн үйлчилгээтэй холболт алга. Сүлжээгээ шалгаад дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant account may not do this. Call the manager.</source>
        <translation>Мерчантын бүртгэлд энэ үйлдлийн эрх алга. Менежерт хандана уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/error_words.py" line="-32"/>
        <source>The payment service refused the login. Check the username and password in Settings.</source>
        <translation>Төлбөрийн үйлчилгээ нэвтрэлтийг татгалзлаа. Тохиргоонд хэрэглэгчийн нэр, нууц үгээ шалгана уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="-14"/>
        <source>The answer to its first request was lost on an earlier day: look the receipt up in PosAPI before issuing another.</source>
        <translation>Эхний хүсэлтийн хариу өмнөх өдөр алдагдсан: дахин гаргахаас өмнө баримтыг PosAPI-аас шалгана уу.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The store server&apos;s certificate changed: it is not the one pinned at this till, so nothing was sent to it. Ask the owner to compare it with what &apos;pos-store certificate&apos; prints and pin it again (Settings, Test connection).</source>
        <translation>Дэлгүүрийн серверийн гэрчилгээ өөрчлөгдсөн: энэ кассад бэхэлсэн гэрчилгээ биш тул түүнд юу ч илгээгээгүй. Эзнээр &apos;pos-store certificate&apos;-ийн хэвлэсэнтэй харьцуулж, дахин бэхлүүлнэ үү (Тохиргоо, Холболт шалгах).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The payment service has a problem on its side. Try again in a minute.</source>
        <translation>Төлбөрийн үйлчилгээний талд асуудал гарлаа. Нэг минутын дараа дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The service refused it.</source>
        <translation>Үйлчилгээ татгалзлаа.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unexpected error. Try again; if it repeats, call support.</source>
        <translation>Гэнэтийн алдаа. Дахин оролдоно уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/posapi_words.py" line="+60"/>
        <source>PosAPI&apos;s answer was lost. The till asks it again by itself, with the same bill number, so the receipt is never made twice.</source>
        <translation>PosAPI-ийн хариу алдагдлаа. Касс ижил баримтын дугаараар өөрөө дахин асуух тул баримт хэзээ ч давхар гарахгүй.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PosAPI is not answering. The sale is saved; its receipt is issued as soon as PosAPI answers again.</source>
        <translation>PosAPI хариу өгөхгүй байна. Борлуулалт хадгалагдсан; PosAPI дахин хариу өгмөгц баримт нь гарна.</translation>
    </message>
    <message>
        <location line="-33"/>
        <location line="+36"/>
        <source>PosAPI has no lottery numbers left: send its data to the tax system (PosAPI&apos;s sendData) and try again.</source>
        <translation>PosAPI-д сугалааны дугаар дууссан: мэдээллээ татварын системд илгээгээд (PosAPI-ийн sendData) дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>The tax system does not know this organization: check the register number with the customer, or issue the receipt to an individual.</source>
        <translation>Татварын систем энэ байгууллагыг танихгүй байна: регистрийн дугаарыг үйлчлүүлэгчээр шалгуулах, эсвэл баримтыг хувь хүнд гаргана уу.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PosAPI does not know this shop as set in Settings: the manager checks the shop&apos;s TIN, POS and branch number (Settings, Tax receipt).</source>
        <translation>PosAPI энэ дэлгүүрийг Тохиргоонд байгаагаар танихгүй байна: менежер дэлгүүрийн ТТД, POS болон салбарын дугаарыг шалгана (Тохиргоо, Татварын баримт).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Another till used this bill number today: give each till its own number on receipts (Settings, Tax receipt, Till), then try again.</source>
        <translation>Өөр касс өнөөдөр энэ баримтын дугаарыг ашигласан байна: касс бүрд баримтын өөр дугаар өгөөд (Тохиргоо, Татварын баримт, Касс) дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+2"/>
        <location line="+35"/>
        <source>PosAPI has not sent its receipts to the tax system for too long: send its data (sendData) and try again.</source>
        <translation>PosAPI баримтуудаа татварын системд удаан хугацаанд илгээгээгүй байна: мэдээллээ илгээгээд (sendData) дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>PosAPI refused the shop&apos;s district code: the manager sets it (Settings, Tax receipt), then try again.</source>
        <translation>PosAPI дэлгүүрийн дүүргийн кодыг татгалзлаа: менежер үүнийг тохируулаад (Тохиргоо, Татварын баримт) дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI has no bank account of the shop for this payment: the manager registers it with the tax system, then try again.</source>
        <translation>PosAPI-д энэ төлбөрт зориулсан дэлгүүрийн банкны данс алга: менежер үүнийг татварын системд бүртгүүлээд дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An item&apos;s tax type needs its product tax code: the manager checks the item&apos;s tax settings, then try again.</source>
        <translation>Барааны татварын төрөлд бүтээгдэхүүний татварын код шаардлагатай: менежер барааны татварын тохиргоог шалгаад дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI voids receipts to individuals only: an organization&apos;s receipt is corrected by returning its items in the history (Shift+F7).</source>
        <translation>PosAPI зөвхөн хувь хүний баримтыг хүчингүй болгоно: байгууллагын баримтыг түүхэнд барааг нь буцааж засна (Shift+F7).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI says the receipt was voided or corrected already: look at the sale in the history (F4).</source>
        <translation>PosAPI-ийн хэлснээр баримт аль хэдийн хүчингүй болсон эсвэл засагдсан: борлуулалтыг түүхээс (F4) харна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI does not find the receipt at its date: void it in PosAPI itself, then mark it in the history.</source>
        <translation>PosAPI баримтыг огноогоор нь олохгүй байна: PosAPI дээр өөр дээр нь хүчингүй болгоод түүхэнд тэмдэглэнэ үү.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A receipt for last month can be issued on the first seven days of a month only: issue it for this month.</source>
        <translation>Өнгөрсөн сарын баримтыг зөвхөн сарын эхний долоо хоногт гаргана: энэ сараар гаргана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI refused the sale&apos;s payments: check that they cover the total in the history (F4); if it repeats, call support with the sale number.</source>
        <translation>PosAPI борлуулалтын төлбөрийг татгалзлаа: төлбөр нийт дүнг нөхөж буйг түүхээс (F4) шалгана уу; давтагдвал борлуулалтын дугаартай нь дэмжлэгт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI found the receipt&apos;s sums do not add up: the sale is kept; call support with the sale number.</source>
        <translation>PosAPI баримтын дүн таарахгүй байна гэв: борлуулалт хадгалагдсан; борлуулалтын дугаартай нь дэмжлэгт хандана уу.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>No organization has the register number {register} in the tax system: check the number with the customer.</source>
        <translation>Татварын системд {register} регистрийн дугаартай байгууллага алга: дугаарыг үйлчлүүлэгчээр шалгуулна уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The tax system&apos;s look-up is not answering: check the network, then press Enter to look again.</source>
        <translation>Татварын системийн лавлагаа хариу өгөхгүй байна: сүлжээгээ шалгаад Enter дарж дахин лавлана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The tax system&apos;s look-up answered in a way the till cannot read: press Enter to look again; if it repeats, call support.</source>
        <translation>Татварын системийн лавлагааны хариуг касс уншиж чадсангүй: Enter дарж дахин лавлана уу; давтагдвал дэмжлэгт хандана уу.</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>PosAPI has a problem on its side. Try again in a minute.</source>
        <translation>PosAPI-ийн талд асуудал гарлаа. Нэг минутын дараа дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PosAPI does not know this receipt: look it up in PosAPI before trying again.</source>
        <translation>PosAPI энэ баримтыг танихгүй байна: дахин оролдохын өмнө PosAPI дээр хайж үзнэ үү.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PosAPI refused it: the sale is kept. The manager reads PosAPI&apos;s reason in the history&apos;s details (F4); if it repeats, call support with the sale number.</source>
        <translation>PosAPI татгалзлаа: борлуулалт хадгалагдсан. Менежер PosAPI-ийн шалтгааныг түүхийн дэлгэрэнгүйгээс (F4) уншина; давтагдвал борлуулалтын дугаартай нь дэмжлэгт хандана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI answered in a way the till cannot read. Try again; if it repeats, call support.</source>
        <translation>PosAPI кассын уншиж чадахгүй хариу өглөө. Дахин оролдоно уу; давтагдвал тусламж руу залгана уу.</translation>
    </message>
</context>
<context>
    <name>FreeLineDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+32"/>
        <source>Free line</source>
        <translation>Гараар нэмэх мөр</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>e.g. 2500 or 2500.50</source>
        <translation>ж.нь 2500 эсвэл 2500.50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax applies (alcohol, tobacco, fuel…)</source>
        <translation>НХАТ ногдоно (архи, тамхи, шатахуун…)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Description</source>
        <translation>Барааны нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity</source>
        <translation>Тоо ширхэг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit price (₮)</source>
        <translation>Нэгж үнэ (₮)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add line</source>
        <translation>Мөр нэмэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Болих</translation>
    </message>
</context>
<context>
    <name>GiveBackDialog</name>
    <message>
        <location filename="../../pos_app/ui/history/give_back_dialog.py" line="+51"/>
        <source>Give back payment</source>
        <translation>Төлбөр буцаах</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: {amount}</source>
        <translation>Борлуулалт {number}: {amount}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Card payment, {bank}: &lt;b&gt;{amount}&lt;/b&gt; &lt;span style=&apos;color:#616e7c&apos;&gt;({payment_id})&lt;/span&gt;</source>
        <translation>Картын төлбөр, {bank}: &lt;b&gt;{amount}&lt;/b&gt; &lt;span style=&apos;color:#616e7c&apos;&gt;({payment_id})&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bank not given</source>
        <translation>банк тодорхойгүй</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cash &lt;b&gt;{amount}&lt;/b&gt;: give it back from the drawer</source>
        <translation>Бэлэн мөнгө &lt;b&gt;{amount}&lt;/b&gt;: мөнгөний шүүгээнээс буцааж өгнө</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No payments recorded.</source>
        <translation>Бүртгэгдсэн төлбөр алга.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The same day, before the bank settles it: the charge disappears from the customer&apos;s card.</source>
        <translation>Тухайн өдөртөө, банк тооцоо хийхээс өмнө: гүйлгээ үйлчлүүлэгчийн картаас арилна.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After the bank has settled it (usually from the next day): the money goes back to the customer&apos;s card within a few days.</source>
        <translation>Банк тооцоо хийсний дараа (ихэвчлэн дараа өдрөөс): мөнгө хэдэн өдрийн дотор үйлчлүүлэгчийн картад буцаж орно.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancel or refund</source>
        <translation>Цуцлах эсвэл буцаах</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>for example: item returned</source>
        <translation>жишээ нь: бараа буцаасан</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Also cancel the tax receipt ({receipt})  (Alt+T)</source>
        <translation>Татварын баримтыг мөн цуцлах ({receipt})  (Alt+T)</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Record as given back  (Ctrl+Enter)</source>
        <translation>Буцааж өгсөн гэж бүртгэх  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel the payment  (Ctrl+Enter)</source>
        <translation>Төлбөр цуцлах  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refund the payment  (Ctrl+Enter)</source>
        <translation>Төлбөр буцаах  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="-111"/>
        <source>Cancel the card payment  (Alt+C)</source>
        <translation>Картын төлбөрийг цуцлах  (Alt+C)</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Card terminal: &lt;b&gt;{amount}&lt;/b&gt; (approval {code}): refund it on the bank&apos;s terminal</source>
        <translation>Картын терминал: &lt;b&gt;{amount}&lt;/b&gt; (зөвшөөрлийн код {code}): банкны терминал дээр буцаалт хийнэ үү</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Refund the card payment  (Alt+R)</source>
        <translation>Картын төлбөрийг буцаах  (Alt+R)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Return sale</source>
        <translation>Борлуулалт буцаах</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reason (required, Alt+S):</source>
        <translation>Шалтгаан (заавал, Alt+S):</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Voids the ebarimt in the tax system, so the tax record matches the money given back.</source>
        <translation>И-баримтыг татварын системд хүчингүй болгож, татварын бүртгэлийг буцаасан мөнгөтэй тааруулна.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Give back</source>
        <translation>Буцаах</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Back  (Esc)</source>
        <translation>Буцах  (Esc)</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Say why the payment is given back (for example: item returned).</source>
        <translation>Төлбөрийг яагаад буцааж буйг бичнэ үү (жишээ нь: бараа буцаасан).</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The reason is too long: at most %n characters.</source>
        <translation>
            <numerusform>Шалтгаан хэт урт байна: дээд тал нь %n тэмдэгт.</numerusform>
            <numerusform>Шалтгаан хэт урт байна: дээд тал нь %n тэмдэгт.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <location filename="../../pos_app/ui/history/model.py" line="+78"/>
        <source>Refunded</source>
        <translation>Буцаагдсан</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Card payment cancelled</source>
        <translation>Картын төлбөр цуцлагдсан</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+5"/>
        <source>, receipt still valid</source>
        <translation>, баримт хүчинтэй хэвээр</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Returned</source>
        <translation>Буцаагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled, payments handed back</source>
        <translation>Цуцлагдсан, төлбөрийг буцааж өгсөн</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Refund pending…</source>
        <translation>Буцаалт хүлээгдэж байна…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Card cancel pending…</source>
        <translation>Карт цуцлалт хүлээгдэж байна…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt being voided…</source>
        <translation>Баримтыг хүчингүй болгож байна…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt voided, money kept: owed a receipt</source>
        <translation>Баримт хүчингүй, мөнгө үлдсэн: баримт өгөх ёстой</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt voided</source>
        <translation>Баримт хүчингүй болсон</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Completed, no receipt (no PosAPI)</source>
        <translation>Дууссан, баримтгүй (PosAPI байхгүй)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt pending: PosAPI is asked again</source>
        <translation>Баримт хүлээгдэж байна: PosAPI-аас дахин асууж байна</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Being paid at the counter</source>
        <translation>Кассанд төлж байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Creating invoice…</source>
        <translation>Нэхэмжлэх үүсгэж байна…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting for payment</source>
        <translation>Төлбөр хүлээж байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelling…</source>
        <translation>Цуцалж байна…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>Цуцлагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not created</source>
        <translation>Үүсээгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid, no receipt</source>
        <translation>Төлөгдсөн, баримтгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt pending…</source>
        <translation>Баримт хүлээгдэж байна…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Completed</source>
        <translation>Дууссан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired</source>
        <translation>Хугацаа дууссан</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · give back failed</source>
        <translation> · буцаалт амжилтгүй</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Partly returned</source>
        <translation>Хэсэгчлэн буцаагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned by items</source>
        <translation>Бараагаар бүрэн буцаагдсан</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, QPay refused a refund: check again (F5)</source>
        <translation>, QPay буцаалтаас татгалзсан: дахин шалгана уу (F5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, QPay&apos;s refund pending…</source>
        <translation>, QPay-ийн буцаалт хүлээгдэж байна…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt still valid: needs attention</source>
        <translation>, баримт хүчинтэй хэвээр: анхаарах</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt being corrected…</source>
        <translation>, баримтыг засварлаж байна…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt being voided…</source>
        <translation>, баримтыг хүчингүй болгож байна…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, owed a receipt</source>
        <translation>, баримт гаргах ёстой</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt settled by a manager</source>
        <translation>, баримтыг менежер шийдвэрлэсэн</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refund</source>
        <translation>Буцаалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card payment cancel</source>
        <translation>Картын төлбөрийн цуцлалт</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>QPay card</source>
        <translation>QPay карт</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QPay bank transfer</source>
        <translation>QPay дансны шилжүүлэг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash</source>
        <translation>Бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Card terminal</source>
        <translation>Картын терминал</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not given</source>
        <translation>тодорхойгүй</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale started</source>
        <translation>Борлуулалт эхэлсэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice created</source>
        <translation>Нэхэмжлэх үүссэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice not created</source>
        <translation>Нэхэмжлэх үүсээгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice cancel asked</source>
        <translation>Нэхэмжлэх цуцлахыг хүссэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice cancelled</source>
        <translation>Нэхэмжлэх цуцлагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice cancel failed</source>
        <translation>Нэхэмжлэх цуцалж чадсангүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid</source>
        <translation>Төлөгдсөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt asked</source>
        <translation>Баримт хүссэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt issued</source>
        <translation>Баримт гарсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt failed</source>
        <translation>Баримт гаргаж чадсангүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice expired</source>
        <translation>Нэхэмжлэхийн хугацаа дууссан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give back asked</source>
        <translation>Буцаалт хүссэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment given back</source>
        <translation>Төлбөр буцаагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give back failed</source>
        <translation>Буцаалт амжилтгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancel asked</source>
        <translation>Баримт цуцлахыг хүссэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancelled</source>
        <translation>Баримт цуцлагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancel failed</source>
        <translation>Баримт цуцалж чадсангүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment taken at the counter</source>
        <translation>Кассанд төлбөр авсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay invoice for the rest</source>
        <translation>Үлдэгдлийн QPay нэхэмжлэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payments handed back</source>
        <translation>Төлбөрийг буцааж өгсөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned: money given back</source>
        <translation>Буцаагдсан: мөнгийг буцааж өгсөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt asked for again (same bill number)</source>
        <translation>Баримтыг дахин хүссэн (ижил баримтын дугаараар)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt found issued (its answer was lost)</source>
        <translation>Баримт гарсан байсан нь тогтоогдлоо (хариу нь алдагдсан)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items returned: money given back</source>
        <translation>Бараа буцаагдсан: мөнгийг буцааж өгсөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay&apos;s part of a return answered</source>
        <translation>Буцаалтын QPay-ийн хэсэгт хариу ирсэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay asked to give a return&apos;s part back</source>
        <translation>Буцаалтын хэсгийг буцааж өгөхийг QPay-ээс хүссэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay refused to give a return&apos;s part back</source>
        <translation>QPay буцаалтын хэсгийг буцааж өгөхөөс татгалзсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt correction asked (replaces the last one)</source>
        <translation>Баримтын засвар хүссэн (өмнөхийг орлоно)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt left valid: settled by a manager</source>
        <translation>Хүчинтэй үлдсэн баримтыг менежер шийдвэрлэсэн</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>items worth {amount}</source>
        <translation>{amount}-ийн бараа</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>bill {bill}</source>
        <translation>баримтын дугаар {bill}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lottery {lottery}</source>
        <translation>сугалаа {lottery}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replaces {receipt}</source>
        <translation>{receipt}-г орлоно</translation>
    </message>
</context>
<context>
    <name>HistoryDialog</name>
    <message>
        <location filename="../../pos_app/ui/history/dialog.py" line="+97"/>
        <source>Sales history</source>
        <translation>Борлуулалтын түүх</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Today  (Ctrl+T)</source>
        <translation>Өнөөдөр  (Ctrl+T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh  (Ctrl+R)</source>
        <translation>Шинэчлэх  (Ctrl+R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close  (Esc)</source>
        <translation>Хаах  (Esc)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;From</source>
        <translation>Эхлэх (&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>t&amp;o</source>
        <translation>дуусах (&amp;O)</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Cancel invoice  (F6)</source>
        <translation>Нэхэмжлэх цуцлах  (F6)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give back payment…  (F7)</source>
        <translation>Буцаах…  (F7)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return items…  (Shift+F7)</source>
        <translation>Бараа буцаах…  (Shift+F7)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel receipt  (F8)</source>
        <translation>Баримт цуцлах  (F8)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt settled…  (Shift+F8)</source>
        <translation>Баримт шийдвэрлэсэн…  (Shift+F8)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reprint  (Ctrl+P)</source>
        <translation>Хэвлэх  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check again  (F5)</source>
        <translation>Дахин шалгах  (F5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel the sale&apos;s open invoice: its QR code stops working.</source>
        <translation>Борлуулалтын нээлттэй нэхэмжлэхийг цуцлах: QR код нь ажиллахаа болино.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Void the sale&apos;s tax receipt (ebarimt) in the tax system.</source>
        <translation>Борлуулалтын И-баримтыг татварын системд хүчингүй болгох.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print the sale and its receipt again.</source>
        <translation>Борлуулалт, баримтыг нь дахин хэвлэх.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the payment service how an unfinished step ended.</source>
        <translation>Дуусаагүй алхам хэрхэн дууссаныг төлбөрийн үйлчилгээнээс асуух.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return some of the sale&apos;s items and give their money back.</source>
        <translation>Борлуулалтын зарим барааг буцааж, мөнгийг нь буцааж өгөх.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A manager records that the receipt was put right elsewhere.</source>
        <translation>Баримтыг өөр газар зассаныг менежер бүртгэнэ.</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>The first day is after the last day: change one of them.</source>
        <translation>Эхний өдөр сүүлийн өдрөөс хойш байна: аль нэгийг нь өөрчилнө үү.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The sales could not be read from the journal.</source>
        <translation>Журналаас борлуулалтыг уншиж чадсангүй.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/details.py" line="+174"/>
        <source>The sale&apos;s event log could not be read.</source>
        <translation>Борлуулалтын үйл явдлын бүртгэлийг уншиж чадсангүй.</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>Sale {number}</source>
        <translation>Борлуулалт {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Started</source>
        <translation>Эхэлсэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>Нийт дүн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VAT</source>
        <translation>НӨАТ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax</source>
        <translation>НХАТ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Invoice</source>
        <translation>Нэхэмжлэх</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lines</source>
        <translation>Мөрүүд</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item</source>
        <translation>Бараа</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Qty</source>
        <translation>Тоо</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price</source>
        <translation>Үнэ</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <location line="+10"/>
        <location line="+28"/>
        <location line="+20"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>Payments</source>
        <translation>Төлбөрүүд</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>given {amount}, rounding {rounding}</source>
        <translation>өгсөн {amount}, тоймлолт {rounding}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>given {amount}</source>
        <translation>өгсөн {amount}</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Bank</source>
        <translation>Банк</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Төрөл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment id</source>
        <translation>Гүйлгээний дугаар</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Tax receipt</source>
        <translation>И-баримт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bill {bill}: answer lost</source>
        <translation>баримтын дугаар {bill}: хариу алдагдсан</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt id</source>
        <translation>Баримтын дугаар</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lottery</source>
        <translation>Сугалаа</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receiver</source>
        <translation>Хүлээн авагч</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+48"/>
        <source>Status</source>
        <translation>Төлөв</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>settled: {note}</source>
        <translation>шийдвэрлэсэн: {note}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Items returned</source>
        <translation>Буцаагдсан бараа</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>Цаг</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items</source>
        <translation>Бараа</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Given back</source>
        <translation>Буцаасан</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>refused: {reason}</source>
        <translation>татгалзсан: {reason}</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+46"/>
        <source>Being issued…</source>
        <translation>Гаргаж байна…</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>Not issued (the last try failed).</source>
        <translation>Гараагүй (сүүлийн оролдлого амжилтгүй).</translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+28"/>
        <source>None.</source>
        <translation>Байхгүй.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/dialog.py" line="-134"/>
        <source>Issue receipt  (F9)</source>
        <translation>Баримт гаргах  (F9)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Issue the tax receipt of a paid sale that has none.</source>
        <translation>Баримтгүй төлөгдсөн борлуулалтын татварын баримтыг гаргах.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/details.py" line="-82"/>
        <source>No sale selected.</source>
        <translation>Борлуулалт сонгоогүй байна.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading the event log…</source>
        <translation>Үйл явдлын бүртгэлийг уншиж байна…</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>void refused: {reason}</source>
        <translation>хүчингүй болгохоос татгалзсан: {reason}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The money was kept but has no valid receipt: issue one with Issue receipt (F9).</source>
        <translation>Мөнгө үлдсэн ч хүчинтэй баримтгүй: Баримт гаргах (F9)-аар гаргана уу.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Payment given back</source>
        <translation>Төлбөрийн буцаалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>Дууссан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending: the answer was not recorded</source>
        <translation>Хүлээгдэж буй: хариу бүртгэгдээгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed: the payment is still paid</source>
        <translation>Амжилтгүй: төлбөр төлөгдсөн хэвээр</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed half-way: {amount} went back, the rest is still paid</source>
        <translation>Хагас амжилттай: {amount} буцсан, үлдсэн нь төлөгдсөн хэвээр</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How</source>
        <translation>Хэлбэр</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+20"/>
        <source>Reason</source>
        <translation>Шалтгаан</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Last failure</source>
        <translation>Сүүлийн алдаа</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Valid</source>
        <translation>Хүчинтэй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Being voided…</source>
        <translation>Хүчингүй болгож байна…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Voided in the tax system</source>
        <translation>Татварын системд хүчингүй болсон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replaced by a corrected receipt</source>
        <translation>Засварласан баримтаар солигдсон</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed</source>
        <translation>Амжилтгүй</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Event log</source>
        <translation>Үйл явдлын бүртгэл</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="+552"/>
        <source>Some of its items were returned: return the rest with Return items (Shift+F7).</source>
        <translation>Зарим бараа нь буцаагдсан: үлдсэнийг Бараа буцаах (Shift+F7)-аар буцаана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Paid partly at the counter and partly by QPay: give the counter&apos;s part back by hand and the QPay part from QPay&apos;s merchant portal.</source>
        <translation>Нэг хэсгийг кассанд, нөгөө хэсгийг QPay-ээр төлсөн: кассанд төлсөн хэсгийг гараар, QPay-ийн хэсгийг QPay-ийн мерчант порталаас буцаана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The payment was already given back.</source>
        <translation>Төлбөр аль хэдийн буцаагдсан.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment is being given back: press Check again (F5) to learn how it ended.</source>
        <translation>Төлбөрийг буцааж байна: хэрхэн дууссаныг мэдэхийн тулд Дахин шалгах (F5) дарна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid by QPay bank transfer: QPay cannot give it back. Return the money another way.</source>
        <translation>QPay дансны шилжүүлгээр төлсөн: QPay үүнийг буцааж чадахгүй. Мөнгийг өөр аргаар буцаана уу.</translation>
    </message>
    <message>
        <location line="-433"/>
        <source>Cancel or refund the sale&apos;s card payment.</source>
        <translation>Борлуулалтын картын төлбөрийг цуцлах эсвэл буцаах.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This sale is on the till&apos;s screen: finish it there.</source>
        <translation>Энэ борлуулалт кассын дэлгэц дээр байна: тэндээ дуусгана уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/action_runner.py" line="+99"/>
        <source>Something went wrong.</source>
        <translation>Алдаа гарлаа.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="+435"/>
        <source>Its outcome is not known yet: press Check again (F5) before trying again.</source>
        <translation>Үр дүн нь хараахан тодорхойгүй: дахин оролдохоосоо өмнө Дахин шалгах (F5) дарна уу.</translation>
    </message>
    <message>
        <location line="-362"/>
        <source>Cancel the invoice of sale {number} ({amount})? The customer&apos;s QR code stops working.</source>
        <translation>{number} борлуулалтын нэхэмжлэхийг ({amount}) цуцлах уу? Үйлчлүүлэгчийн QR код ажиллахаа болино.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel invoice</source>
        <translation>Нэхэмжлэх цуцлах</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The invoice of sale {number} could not be cancelled.</source>
        <translation>{number} борлуулалтын нэхэмжлэхийг цуцалж чадсангүй.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../../pos_app/ui/history/returns.py" line="+39"/>
        <source>Sale {number} is cancelled: nothing was charged.</source>
        <translation>Борлуулалт {number} цуцлагдлаа: төлбөр авагдаагүй.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The customer has already paid sale {number}, so it cannot be cancelled. It is now recorded as paid.</source>
        <translation>Үйлчлүүлэгч {number} борлуулалтыг аль хэдийн төлсөн тул цуцлах боломжгүй. Одоо төлөгдсөн гэж бүртгэгдлээ.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Part of sale {number} is already paid, so it cannot be cancelled. It stays open, waiting for the rest.</source>
        <translation>{number} борлуулалтын нэг хэсэг нь төлөгдсөн тул цуцлах боломжгүй. Үлдэгдлийг хүлээн нээлттэй хэвээр байна.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancelling the invoice of sale {number}…</source>
        <translation>{number} борлуулалтын нэхэмжлэхийг цуцалж байна…</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+59"/>
        <source>Another action is still running: try again when it ends.</source>
        <translation>Өөр үйлдэл хийгдэж байна: дууссаны дараа дахин оролдоно уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/returns.py" line="+165"/>
        <source>The payment of sale {number} was not given back.</source>
        <translation>{number} борлуулалтын төлбөр буцаагдсангүй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} is returned: {amount} given back.</source>
        <translation>Борлуулалт {number} буцаагдлаа: {amount} буцааж өгсөн.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: {amount} refunded to the customer&apos;s card.</source>
        <translation>Борлуулалт {number}: {amount} үйлчлүүлэгчийн картад буцаагдлаа.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: the card payment of {amount} is cancelled.</source>
        <translation>Борлуулалт {number}: {amount} картын төлбөр цуцлагдлаа.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its tax receipt is cancelled.</source>
        <translation>И-баримт нь цуцлагдлаа.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its tax receipt is still valid.</source>
        <translation>И-баримт нь хүчинтэй хэвээр байна.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="-36"/>
        <source>Refunding the payment of sale {number}…</source>
        <translation>{number} борлуулалтын төлбөрийг буцааж байна…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelling the card payment of sale {number}…</source>
        <translation>{number} борлуулалтын картын төлбөрийг цуцалж байна…</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Returning items of sale {number}…</source>
        <translation>{number} борлуулалтын барааг буцааж байна…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Receipt settled</source>
        <translation>Баримт шийдвэрлэсэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tax receipt of sale {number} stays valid in the tax system for goods given back. What was done about it?</source>
        <translation>{number} борлуулалтын И-баримт буцаасан барааны хувьд татварын системд хүчинтэй хэвээр байна. Үүнийг юу хийсэн бэ?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>corrected in the ebarimt portal</source>
        <translation>И-баримтын порталд зассан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark settled</source>
        <translation>Шийдвэрлэсэн гэж тэмдэглэх</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Sale {number}&apos;s tax receipt is marked settled; the day close still counts it as PosAPI holds it.</source>
        <translation>{number} борлуулалтын И-баримтыг шийдвэрлэсэн гэж тэмдэглэлээ; өдрийн хаалт түүнийг PosAPI-д байгаагаар нь тоолсоор байна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recording what was done for sale {number}…</source>
        <translation>{number} борлуулалтад юу хийснийг бүртгэж байна…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cancel receipt</source>
        <translation>Баримт цуцлах</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The tax receipt of sale {number} was not cancelled.</source>
        <translation>{number} борлуулалтын И-баримт цуцлагдсангүй.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax receipt of sale {number} is cancelled in the tax system.</source>
        <translation>{number} борлуулалтын И-баримт татварын системд цуцлагдлаа.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancelling the tax receipt of sale {number}…</source>
        <translation>{number} борлуулалтын И-баримтыг цуцалж байна…</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+4"/>
        <source>Issue receipt</source>
        <translation>Баримт гаргах</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Receipt of sale {number}: the organization&apos;s 7-digit register number, or nothing for an individual.</source>
        <translation>{number} борлуулалтын баримт: байгууллагын 7 оронтой регистрийн дугаар, хувь хүнд хоосон үлдээнэ.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Check the register number: an organization&apos;s has exactly 7 digits.</source>
        <translation>Регистрийн дугаараа шалгана уу: байгууллагынх яг 7 оронтой.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The tax receipt of sale {number} was not issued.</source>
        <translation>{number} борлуулалтын татварын баримт гараагүй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The tax receipt of sale {number} is issued: lottery {lottery}.</source>
        <translation>{number} борлуулалтын татварын баримт гарлаа: сугалаа {lottery}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Issuing the tax receipt of sale {number}…</source>
        <translation>{number} борлуулалтын татварын баримтыг гаргаж байна…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The answer to the receipt request of sale {number} was lost on {day} (bill number {bill}), and its day is over: asking again could make a second receipt. Look it up in PosAPI: was the receipt made?</source>
        <translation>{number} борлуулалтын баримтын хүсэлтийн хариу {day}-нд алдагдсан (баримтын дугаар {bill}), тэр өдөр өнгөрсөн: дахин хүсвэл хоёр дахь баримт гарч болзошгүй. PosAPI-аас шалгана уу: баримт гарсан уу?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It was made</source>
        <translation>Гарсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It was not made</source>
        <translation>Гараагүй</translation>
    </message>
    <message>
        <location line="-114"/>
        <location line="+121"/>
        <source>Sale {number} was not settled.</source>
        <translation>{number} борлуулалтыг шийдвэрлэж чадсангүй.</translation>
    </message>
    <message>
        <location line="-98"/>
        <source>Cancel the tax receipt of sale {number} ({receipt})? This voids it in the tax system (ebarimt). The payment is not given back.</source>
        <translation>{number} борлуулалтын татварын баримтыг ({receipt}) цуцлах уу? Энэ нь баримтыг татварын системд (ибаримт) хүчингүй болгоно. Төлбөрийг буцааж өгөхгүй.</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>Sale {number}&apos;s receipt is recorded as made.</source>
        <translation>{number} борлуулалтын баримтыг гарсан гэж бүртгэлээ.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} is owed its receipt: issue it with Issue receipt (F9).</source>
        <translation>{number} борлуулалтад баримт гаргах шаардлагатай: Баримт гаргах (F9)-ээр гаргана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recording what PosAPI holds for sale {number}…</source>
        <translation>{number} борлуулалтын PosAPI дахь төлөвийг бүртгэж байна…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Ask QPay again</source>
        <translation>QPay-ээс дахин хүсэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Asking QPay again for sale {number}…</source>
        <translation>{number} борлуулалтыг QPay-ээс дахин хүсэж байна…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand it over in cash</source>
        <translation>Бэлнээр өгөх</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recording the cash handed over for sale {number}…</source>
        <translation>{number} борлуулалтад бэлнээр өгсөн мөнгийг бүртгэж байна…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Sale {number} could not be checked.</source>
        <translation>{number} борлуулалтыг шалгаж чадсангүй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} has nothing left to check.</source>
        <translation>Борлуулалт {number}: шалгах зүйл үлдээгүй.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/returns.py" line="-184"/>
        <source>No invoice was created for sale {number}: nothing was charged.</source>
        <translation>Борлуулалт {number}: нэхэмжлэх үүсээгүй, төлбөр авагдаагүй.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} is still waiting for the customer&apos;s payment.</source>
        <translation>Борлуулалт {number} үйлчлүүлэгчийн төлбөрийг хүлээсээр байна.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} is paid; its receipt is not issued.</source>
        <translation>Борлуулалт {number} төлөгдсөн; баримт нь гараагүй.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} is complete: its receipt was issued.</source>
        <translation>Борлуулалт {number} дууссан: баримт нь гарсан.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment of sale {number} was given back.</source>
        <translation>{number} борлуулалтын төлбөр буцаагдсан.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The payment of sale {number} was not given back: it is still paid. You may give it back again.</source>
        <translation>{number} борлуулалтын төлбөр буцаагдаагүй: төлөгдсөн хэвээр байна. Дахин буцааж болно.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax receipt of sale {number} is cancelled.</source>
        <translation>{number} борлуулалтын И-баримт цуцлагдсан.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The tax system refused the receipt of sale {number}; it is still owed one.</source>
        <translation>Татварын систем {number} борлуулалтын баримтаас татгалзсан; баримт өгөх ёстой хэвээр.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax system refused to void the receipt of sale {number}: it stays valid.</source>
        <translation>Татварын систем {number} борлуулалтын баримтыг хүчингүй болгохоос татгалзсан: хүчинтэй хэвээр.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sale {number} could not be checked yet: try again later.</source>
        <translation>{number} борлуулалтыг одоохондоо шалгаж чадсангүй: дараа дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} is being paid at the till: finish it there.</source>
        <translation>Борлуулалт {number}-ийн төлбөрийг кассанд авч байна: тэндээ дуусгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}&apos;s return is settled: see its details.</source>
        <translation>{number} борлуулалтын буцаалт шийдвэрлэгдлээ: дэлгэрэнгүйг нь үзнэ үү.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay refused to give back part of sale {number}&apos;s return: nothing went back. Check again (F5) to ask QPay again or hand it over in cash.</source>
        <translation>QPay {number} борлуулалтын буцаалтын хэсгийг буцааж өгөхөөс татгалзсан: юу ч буцаагүй. QPay-ээс дахин хүсэх эсвэл бэлнээр өгөхийн тулд Дахин шалгах (F5)-ыг дарна уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number}&apos;s receipt was asked on an earlier day and its answer was lost: look it up in PosAPI before issuing another.</source>
        <translation>{number} борлуулалтын баримтыг өмнөх өдөр хүссэн боловч хариу нь алдагдсан: дахин баримт гаргахаасаа өмнө PosAPI-аас шалгана уу.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Its tax receipt of {amount} is still valid for goods given back: void it with Cancel receipt (F8).</source>
        <translation>Буцаасан барааны {amount}-ийн И-баримт хүчинтэй хэвээр байна: Баримт цуцлах (F8)-аар хүчингүй болгоно уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its tax receipt of {amount} is still valid for goods given back: correct it with Check again (F5).</source>
        <translation>Буцаасан барааны {amount}-ийн И-баримт хүчинтэй хэвээр байна: Дахин шалгах (F5)-аар засна уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the tax system refused it ({reason})</source>
        <translation>татварын систем татгалзсан ({reason})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its id was lost with PosAPI&apos;s answer</source>
        <translation>дугаар нь PosAPI-ийн хариутай хамт алга болсон</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI voids receipts to individuals only, and a receipt needs items</source>
        <translation>PosAPI зөвхөн иргэнд гаргасан баримтыг хүчингүй болгодог, баримтад бараа байх ёстой</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay&apos;s receipt is for the whole payment and no PosAPI is set to correct it</source>
        <translation>QPay-ийн баримт бүх төлбөрт гардаг бөгөөд засах PosAPI тохируулаагүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its tax receipt of {amount} is still valid for goods given back: {why}. Correct it in the ebarimt portal (or PosAPI&apos;s own tools), then a manager marks it settled (Shift+F8).</source>
        <translation>Буцаасан барааны {amount}-ийн И-баримт хүчинтэй хэвээр байна: {why}. И-баримтын порталд (эсвэл PosAPI-ийн өөрийн хэрэгслээр) засаад, дараа нь менежер шийдвэрлэсэн гэж тэмдэглэнэ (Shift+F8).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>QPay refused to give back {amount} of sale {number}&apos;s return ({reason}): nothing went back. Ask QPay again, or hand the customer {cash} in cash from the drawer now?</source>
        <translation>QPay {number} борлуулалтын буцаалтын {amount}-ийг буцааж өгөхөөс татгалзсан ({reason}): юу ч буцаагүй. QPay-ээс дахин хүсэх үү, эсвэл худалдан авагчид {cash}-ийг одоо мөнгөний шүүгээнээс бэлнээр өгөх үү?</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The return of sale {number} is not settled.</source>
        <translation>{number} борлуулалтын буцаалт шийдвэрлэгдээгүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing of sale {number} was returned.</source>
        <translation>{number} борлуулалтаас юу ч буцаагдсангүй.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Sale {number}: {amount} given back.</source>
        <translation>Борлуулалт {number}: {amount} буцааж өгсөн.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>QPay&apos;s refund of {amount} is not answered yet: press Check again (F5) before giving it another way.</source>
        <translation>QPay-ийн {amount}-ийн буцаалтад хариу ирээгүй байна: өөр аргаар өгөхөөс өмнө Дахин шалгах (F5)-ыг дарна уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>QPay did not take a payment back: that money goes back in cash.</source>
        <translation>QPay төлбөрийг буцааж аваагүй: тэр мөнгийг бэлнээр буцааж өгнө.</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Its tax receipt is not put right yet:</source>
        <translation>И-баримтыг нь хараахан засаагүй байна:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Its tax receipt is corrected for what the customer keeps.</source>
        <translation>И-баримтыг үйлчлүүлэгчид үлдсэн бараагаар засварлалаа.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its tax receipt is voided.</source>
        <translation>И-баримт нь хүчингүй боллоо.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the customer keeps has a new tax receipt.</source>
        <translation>Үйлчлүүлэгчид үлдсэн бараанд шинэ И-баримт гарлаа.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reprint (Ctrl+P) prints the return slip.</source>
        <translation>Хэвлэх (Ctrl+P) буцаалтын хуудсыг хэвлэнэ.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>QPay refused again: {reason}. Nothing went back; check again (F5) to ask once more or hand it over in cash.</source>
        <translation>QPay дахин татгалзлаа: {reason}. Юу ч буцаагүй; дахин хүсэх эсвэл бэлнээр өгөхийн тулд дахин шалгана уу (F5).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>QPay&apos;s answer was lost: press Check again (F5) before giving it another way.</source>
        <translation>QPay-ийн хариу алдагдсан: өөр аргаар өгөхөөс өмнө Дахин шалгах (F5)-ыг дарна уу.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sale {number}&apos;s return is settled:</source>
        <translation>{number} борлуулалтын буцаалт шийдвэрлэгдлээ:</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>cancel it with Cancel receipt (F8).</source>
        <translation>Баримт цуцлах (F8)-аар цуцална уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount} was given back for sale {number}, but its tax receipt could not be cancelled:</source>
        <translation>{number} борлуулалтад {amount} буцааж өгсөн боловч И-баримтыг нь цуцалж чадсангүй:</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="+5"/>
        <source>Checking sale {number} with the payment service…</source>
        <translation>{number} борлуулалтыг төлбөрийн үйлчилгээгээр шалгаж байна…</translation>
    </message>
    <message>
        <location line="-377"/>
        <location line="+20"/>
        <location line="+168"/>
        <location line="+71"/>
        <source>Back</source>
        <translation>Буцах</translation>
    </message>
</context>
<context>
    <name>ItemEditDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/item_edit.py" line="+25"/>
        <source>Item</source>
        <translation>Бараа</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Barcode</source>
        <translation>Баркод</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price</source>
        <translation>Үнэ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save</source>
        <translation>Хадгалах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Болих</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Type the item&apos;s name.</source>
        <translation>Барааны нэрийг бичнэ үү.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+90"/>
        <source>pos-app — QPay till</source>
        <translation>pos-app — QPay касс</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Starting…</source>
        <translation>Эхэлж байна…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>pos-app</source>
        <translation>pos-app</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TRAINING · no real money</source>
        <translation>СУРГАЛТ · жинхэнэ мөнгө биш</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>New sale</source>
        <translation>Шинэ борлуулалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charge</source>
        <translation>Төлбөр авах</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Free line…</source>
        <translation>Гараар нэмэх…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check payment now</source>
        <translation>Төлбөрийг одоо шалгах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show to customer</source>
        <translation>Үйлчлүүлэгчид харуулах</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+237"/>
        <source>Cancel sale</source>
        <translation>Борлуулалт цуцлах</translation>
    </message>
    <message>
        <location line="-236"/>
        <source>Simulate customer payment</source>
        <translation>Төлбөр дуурайх</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/receipt_keys.py" line="+41"/>
        <source>Issue receipt</source>
        <translation>Баримт гаргах</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Individual receipt</source>
        <translation>Хувь хүний баримт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Organization receipt</source>
        <translation>Байгууллагын баримт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Void and issue for the receiver chosen</source>
        <translation>Хүчингүй болгоод сонгосон хүлээн авагчид гаргах</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print receipt</source>
        <translation>Баримт хэвлэх</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print preview…</source>
        <translation>Урьдчилан харах…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+4"/>
        <source>Sales history…</source>
        <translation>Борлуулалтын түүх…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End of day…</source>
        <translation>Өдрийн хаалт…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settings…</source>
        <translation>Тохиргоо…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>People and PINs…</source>
        <translation>Ажилтнууд ба ПИН…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import the catalog (CSV, XLSX)…</source>
        <translation>Каталог оруулах (CSV, XLSX)…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/confirmations.py" line="+62"/>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+1"/>
        <source>Quit</source>
        <translation>Гарах</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+2"/>
        <source>&amp;Sale</source>
        <translation>Борлуулалт (&amp;S)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Receipt</source>
        <translation>Баримт (&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Till</source>
        <translation>Касс (&amp;T)</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Ready.</source>
        <translation>Бэлэн.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Creating invoice…</source>
        <translation>Нэхэмжлэх үүсгэж байна…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sale {number} cancelled: nothing was charged.</source>
        <translation>Борлуулалт {number} цуцлагдлаа: төлбөр авагдаагүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sale {number} expired: nothing was charged.</source>
        <translation>Борлуулалт {number}: хугацаа дууссан, төлбөр авагдаагүй.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The cart is kept: change it and charge again, or press F2 for a new sale.</source>
        <translation>Сагс хэвээр байна: засаад дахин төлбөр авах, эсвэл F2 дарж шинэ борлуулалт эхлүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The receipt has not been issued yet. Start a new sale without it?</source>
        <translation>Баримт хараахан гараагүй байна. Баримтгүйгээр шинэ борлуулалт эхлүүлэх үү?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New sale without receipt</source>
        <translation>Баримтгүй шинэ борлуулалт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear the cart and start a new sale?</source>
        <translation>Сагсыг хоослоод шинэ борлуулалт эхлүүлэх үү?</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Clear cart</source>
        <translation>Сагс хоослох</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancel this sale? The customer&apos;s QR code stops working.</source>
        <translation>Энэ борлуулалтыг цуцлах уу? Үйлчлүүлэгчийн QR код ажиллахаа болино.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep waiting</source>
        <translation>Үргэлжлүүлэн хүлээх</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No second screen: the customer&apos;s display is shown only on a screen of its own, never over the till. The QR code to scan is on the till&apos;s screen.</source>
        <translation>Хоёр дахь дэлгэц алга: үйлчлүүлэгчийн дэлгэц зөвхөн тусдаа дэлгэц дээр гарна, кассын дэлгэцийг хэзээ ч хаахгүй. Уншуулах QR код кассын дэлгэц дээр байна.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/receipt_keys.py" line="+38"/>
        <source>Printing…</source>
        <translation>Хэвлэж байна…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+26"/>
        <source>Waiting for the customer to pay…</source>
        <translation>Үйлчлүүлэгч төлөхийг хүлээж байна…</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Waiting for the customer to pay… (checked %n second(s) ago)</source>
        <translation>
            <numerusform>Үйлчлүүлэгч төлөхийг хүлээж байна… (%n секундын өмнө шалгасан)</numerusform>
            <numerusform>Үйлчлүүлэгч төлөхийг хүлээж байна… (%n секундын өмнө шалгасан)</numerusform>
        </translation>
    </message>
    <message>
        <location line="-153"/>
        <source>Sale {number} cancelled: {amount} was given back to the customer&apos;s card.</source>
        <translation>Борлуулалт {number} цуцлагдлаа: {amount} худалдан авагчийн картад буцаагдлаа.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/confirmations.py" line="-30"/>
        <source>Back</source>
        <translation>Буцах</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A sale is in progress. Quit anyway? An open invoice stays open with the service.</source>
        <translation>Борлуулалт хийгдэж байна. Гарах уу? Нээлттэй нэхэмжлэх үйлчилгээнд нээлттэй хэвээр үлдэнэ.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep working</source>
        <translation>Үргэлжлүүлэх</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/tender_keys.py" line="+50"/>
        <source>Cash</source>
        <translation>Бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card terminal</source>
        <translation>Картын терминал</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="-145"/>
        <source>Shift: open, X report, close…</source>
        <translation>Ээлж: нээх, X тайлан, хаах…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/tender_keys.py" line="+21"/>
        <source>The shift is open.</source>
        <translation>Ээлж нээгдлээ.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Open the shift first: count the float in the drawer.</source>
        <translation>Эхлээд ээлжээ нээнэ үү: мөнгөний шүүгээн дэх эхлэлийн бэлэн мөнгийг тоолно.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Take {given} in cash for {due}? The change would be {change}: more than a {note} note. Check the amount typed.</source>
        <translation>{due}-ийн төлөлтөд {given} бэлнээр авах уу? Хариулт {change} болно: {note}-ийн дэвсгэртээс их. Оруулсан дүнгээ шалгана уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Take it</source>
        <translation>Авах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Correct the amount</source>
        <translation>Дүнг засах</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cancel this sale and hand back what was taken? Give the customer {cash} in cash; void any card payment on the bank&apos;s terminal.</source>
        <translation>Энэ борлуулалтыг цуцалж, авсан төлбөрийг буцааж өгөх үү? Үйлчлүүлэгчид {cash} бэлэн мөнгө буцааж өгнө; картын төлбөрийг банкны терминал дээр цуцална.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand back and cancel</source>
        <translation>Буцааж өгөөд цуцлах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep paying</source>
        <translation>Төлбөрөө үргэлжлүүлэх</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/counter_keys.py" line="+60"/>
        <source>Discount on the line…</source>
        <translation>Мөрийн хөнгөлөлт…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount on the sale…</source>
        <translation>Борлуулалтын хөнгөлөлт…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Park the sale / parked sales…</source>
        <translation>Борлуулалтыг түр хадгалах / хадгалсан борлуулалт…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lock the till</source>
        <translation>Кассыг түгжих</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change the item&apos;s price or name…</source>
        <translation>Барааны үнэ, нэрийг өөрчлөх…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the cash drawer</source>
        <translation>Мөнгөний шургуулга нээх</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Discount on {item}</source>
        <translation>Хөнгөлөлт: {item}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Discount on the whole sale</source>
        <translation>Борлуулалтын нийт дүнгийн хөнгөлөлт</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Discount {discount} given.</source>
        <translation>{discount} хөнгөлөлт үзүүллээ.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount taken off.</source>
        <translation>Хөнгөлөлтийг цуцаллаа.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The sale was not parked.</source>
        <translation>Борлуулалтыг түр хадгалж чадсангүй.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale of {total} parked: F10 with an empty cart brings it back.</source>
        <translation>{total} борлуулалтыг түр хадгаллаа: сагс хоосон үед F10 дарж буцааж авна.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The parked sales were not read.</source>
        <translation>Хадгалсан борлуулалтуудыг уншиж чадсангүй.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No sale is parked. F10 parks the sale on screen.</source>
        <translation>Хадгалсан борлуулалт алга. F10 дэлгэц дээрх борлуулалтыг түр хадгална.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The sale was not resumed.</source>
        <translation>Борлуулалтыг сэргээж чадсангүй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Finish or park the sale on screen first.</source>
        <translation>Эхлээд дэлгэц дээрх борлуулалтыг дуусгах эсвэл түр хадгална уу.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Parked sale resumed: {total}.</source>
        <translation>Хадгалсан борлуулалтыг сэргээлээ: {total}.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Only a catalog item&apos;s price is changed here; a free line is typed anew.</source>
        <translation>Энд зөвхөн каталогийн барааны үнийг өөрчилнө; чөлөөт мөрийг дахин бичнэ.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>{item}: {price} from now on.</source>
        <translation>{item}: одооноос {price}.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>discount {amount}</source>
        <translation>хөнгөлөлт {amount}</translation>
    </message>
</context>
<context>
    <name>ParkedDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/parked.py" line="+20"/>
        <source>Parked sales</source>
        <translation>Түр хадгалсан борлуулалт</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>{time}  ·  {total}  ·  %n line(s): {first}</source>
        <translation>
            <numerusform>{time}  ·  {total}  ·  %n мөр: {first}</numerusform>
            <numerusform>{time}  ·  {total}  ·  %n мөр: {first}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Resume</source>
        <translation>Сэргээх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Болих</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pick the sale to bring back (Enter). It leaves the list.</source>
        <translation>Буцааж авах борлуулалтаа сонгоно уу (Enter). Жагсаалтаас хасагдана.</translation>
    </message>
</context>
<context>
    <name>PartPaidActions</name>
    <message>
        <location filename="../../pos_app/ui/sale/flow/part_paid.py" line="+104"/>
        <source>Creating an invoice for the rest…</source>
        <translation>Үлдэгдлийн нэхэмжлэх үүсгэж байна…</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>More money arrived meanwhile: the sale is still open.</source>
        <translation>Энэ хооронд дахин төлбөр орж ирлээ: борлуулалт нээлттэй хэвээр байна.</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Nothing is paid yet: the customer pays the invoice on screen.</source>
        <translation>Одоогоор юу ч төлөгдөөгүй байна: худалдан авагч дэлгэц дээрх нэхэмжлэхийг төлнө.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The customer has paid the rest meanwhile, so nothing was given back.</source>
        <translation>Худалдан авагч энэ хооронд үлдэгдлийг төлсөн тул юу ч буцаагдсангүй.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>The invoice for the rest could not be created. The sale is still waiting for its payment.</source>
        <translation>Үлдэгдлийн нэхэмжлэх үүсгэж чадсангүй. Борлуулалт төлбөрөө хүлээсээр байна.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The part paid could not be given back. The sale is still open; try again.</source>
        <translation>Төлөгдсөн хэсгийг буцааж чадсангүй. Борлуулалт нээлттэй хэвээр байна; дахин оролдоно уу.</translation>
    </message>
</context>
<context>
    <name>PartPaidQuestion</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/part_paid_box.py" line="+40"/>
        <source>&amp;Invoice the rest  (Ctrl+Enter)</source>
        <translation>Үлдэгдлийг нэхэмжлэх (&amp;I)  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Give the part back</source>
        <translation>Төлсөн хэсгийг буцаах (&amp;G)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Keep &amp;waiting  (Enter)</source>
        <translation>Хүлээсээр байх (&amp;W)  (Enter)</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Invoice the rest: a new QR code for {due}. A bank transfer cannot be given back through QPay.</source>
        <translation>Үлдэгдлийг нэхэмжлэх: {due}-ийн шинэ QR код. Банкны шилжүүлгийг QPay-ээр буцаах боломжгүй.</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Invoice the rest: a new QR code for {due}. Give the part back: {paid} goes back to the customer&apos;s card and the sale is cancelled.</source>
        <translation>Үлдэгдлийг нэхэмжлэх: {due}-ийн шинэ QR код. Төлсөн хэсгийг буцаах: {paid} худалдан авагчийн картад буцаж, борлуулалт цуцлагдана.</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>{paid} of {total} is paid; {due} is still to pay.</source>
        <translation>{total}-аас {paid} төлөгдсөн; {due} төлөх үлдлээ.</translation>
    </message>
</context>
<context>
    <name>PaymentPage</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/payment_page.py" line="+66"/>
        <source>Check now  (F5)</source>
        <translation>Шалгах  (F5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show to customer  (F9)</source>
        <translation>Үйлчлүүлэгчид харуулах  (F9)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulate customer payment  (Ctrl+Shift+P)</source>
        <translation>Төлбөр дуурайх  (Ctrl+Shift+P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+76"/>
        <source>Cancel sale  (Esc)</source>
        <translation>Борлуулалт цуцлах  (Esc)</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Amount to pay</source>
        <translation>Төлөх дүн</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Or open a bank app:</source>
        <translation>Эсвэл банкны апп нээх:</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Scan with any bank app</source>
        <translation>Дурын банкны аппаар уншуулна уу</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Sale {number}</source>
        <translation>Борлуулалт {number}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the rest of {total}; {tendered} taken already</source>
        <translation>нийт {total}-ийн үлдэгдэл; {tendered} аль хэдийн авсан</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The service sent no usable QR code. The customer can pay through the short link or a bank app below.</source>
        <translation>Үйлчилгээ ашиглах боломжтой QR код илгээсэнгүй. Үйлчлүүлэгч богино холбоос эсвэл доорх банкны аппаар төлж болно.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cancelling…</source>
        <translation>Цуцалж байна…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelling the invoice…</source>
        <translation>Нэхэмжлэхийг цуцалж байна…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This invoice has expired: the customer can no longer pay it. What was paid is kept. F2 or Esc: invoice the rest or give the part back.</source>
        <translation>Энэ нэхэмжлэхийн хугацаа дууссан: үйлчлүүлэгч үүнийг төлөх боломжгүй. Төлсөн хэсэг хадгалагдана. F2 эсвэл Esc: үлдэгдлийг нэхэмжлэх эсвэл төлсөн хэсгийг буцаах.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>F2 or Esc: invoice the rest, give the part back, or keep waiting.</source>
        <translation>F2 эсвэл Esc: үлдэгдлийг нэхэмжлэх, төлсөн хэсгийг буцаах эсвэл хүлээсээр байх.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid {paid} of {total}: {due} to go.</source>
        <translation>{total}-аас {paid} төлөгдсөн: {due} үлдлээ.</translation>
    </message>
</context>
<context>
    <name>PeopleDialog</name>
    <message>
        <location filename="../../pos_app/ui/people/people_dialog.py" line="+48"/>
        <source>People and PINs</source>
        <translation>Ажилтнууд ба ПИН</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+103"/>
        <source>Cashier</source>
        <translation>Кассчин</translation>
    </message>
    <message>
        <location line="-102"/>
        <location line="+102"/>
        <source>Manager</source>
        <translation>Менежер</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Save the person</source>
        <translation>Хадгалах</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take off the list</source>
        <translation>Жагсаалтаас хасах</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Name</source>
        <translation>Нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role</source>
        <translation>Үүрэг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PIN (4 to 8 digits)</source>
        <translation>ПИН (4-8 оронтой тоо)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The PIN again</source>
        <translation>ПИН-ээ дахин</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close</source>
        <translation>Хаах</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The two PINs differ: type the same PIN twice.</source>
        <translation>Хоёр ПИН ялгаатай байна: ижил ПИН-ийг хоёр удаа бичнэ үү.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Set up a manager first (the owner): only a manager can change this list later.</source>
        <translation>Эхлээд менежер (эзэн)-ийг бүртгэнэ үү: дараа нь зөвхөн менежер энэ жагсаалтыг өөрчилнө.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{name} is saved as the manager. From now on the till asks for a PIN: when it starts, after the idle time set in Settings, and on Ctrl+Shift+L. {name} is signed in now: set up the cashiers next.</source>
        <translation>{name} менежерээр хадгалагдлаа. Одооноос касс ПИН асууна: асахдаа, Тохиргоонд заасан хугацаанд хөдөлгөөнгүй болоход, мөн Ctrl+Shift+L дарахад. {name} одоо нэвтэрсэн байна: дараа нь кассчдыг бүртгэнэ үү.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} is saved.</source>
        <translation>{name} хадгалагдлаа.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keep at least one manager on the list.</source>
        <translation>Жагсаалтад дор хаяж нэг менежер үлдээнэ үү.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} is off the list.</source>
        <translation>{name} жагсаалтаас хасагдлаа.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Nobody is set up: the till asks no PIN. Set up the owner as a manager first.</source>
        <translation>Хэн ч бүртгэгдээгүй: касс ПИН асуухгүй. Эхлээд эзнийг менежерээр бүртгэнэ үү.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The change was not saved.</source>
        <translation>Өөрчлөлт хадгалагдсангүй.</translation>
    </message>
</context>
<context>
    <name>PinDialog</name>
    <message>
        <location filename="../../pos_app/ui/people/pin_dialog.py" line="+36"/>
        <source>Locked</source>
        <translation>Түгжээтэй</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Manager&apos;s PIN</source>
        <translation>Менежерийн ПИН</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancel (Esc)</source>
        <translation>Болих (Esc)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>A PIN is 4 to 8 digits.</source>
        <translation>ПИН код 4-8 оронтой тоо байна.</translation>
    </message>
</context>
<context>
    <name>PosApp</name>
    <message>
        <location filename="../../pos_app/app/root.py" line="+213"/>
        <source>The till could not start its payment service.</source>
        <translation>Касс төлбөрийн үйлчилгээгээ эхлүүлж чадсангүй.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Another pos-app is already running on this computer (process {pid}). Use that window, or close it and start again.</source>
        <translation>Энэ компьютер дээр өөр pos-app ажиллаж байна (процесс {pid}). Тэр цонхыг ашиглах, эсвэл түүнийг хаагаад дахин эхлүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Another pos-app is already running on this computer. Use that window, or close it and start again.</source>
        <translation>Энэ компьютер дээр өөр pos-app ажиллаж байна. Тэр цонхыг ашиглах, эсвэл түүнийг хаагаад дахин эхлүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No password is stored for this account: enter it in Settings (Ctrl+,) before charging.</source>
        <translation>Энэ бүртгэлийн нууц үг хадгалагдаагүй: төлбөр авахаас өмнө Тохиргоонд (Ctrl+,) оруулна уу.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Terminal {terminal}</source>
        <translation>Терминал {terminal}</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/back_office.py" line="+51"/>
        <source>The till is still starting.</source>
        <translation>Касс эхэлсээр байна.</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/root.py" line="+58"/>
        <source>Applying the new settings…</source>
        <translation>Шинэ тохиргоог хэрэгжүүлж байна…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The new settings could not be applied.</source>
        <translation>Шинэ тохиргоог хэрэгжүүлж чадсангүй.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The settings file could not be read ({detail}). The till runs in training mode until the settings are saved again.</source>
        <translation>Тохиргооны файлыг уншиж чадсангүй ({detail}). Тохиргоог дахин хадгалах хүртэл касс сургалтын горимд ажиллана.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The settings need fixing ({detail}). The till runs in training mode until they are saved again.</source>
        <translation>Тохиргоог засах шаардлагатай ({detail}). Дахин хадгалах хүртэл касс сургалтын горимд ажиллана.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The catalog could not be read ({detail}); the sample catalog is used.</source>
        <translation>Каталогийг уншиж чадсангүй ({detail}); жишээ каталогийг ашиглаж байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No password is stored for {detail}: enter it in Settings (Ctrl+,).</source>
        <translation>{detail} хэрэглэгчийн нууц үг хадгалагдаагүй: Тохиргоонд (Ctrl+,) оруулна уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The callback receiver could not start ({detail}); payments are found by checking, a little later. Choose another port in Settings.</source>
        <translation>Callback хүлээн авагч эхэлсэнгүй ({detail}); төлбөрийг шалгалтаар арай хожуу илрүүлнэ. Тохиргоонд өөр порт сонгоно уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/recovery.py" line="+57"/>
        <source>Unfinished sales could not be checked ({detail}). They are kept in the journal; restart the till to try again.</source>
        <translation>Дуусаагүй борлуулалтыг шалгаж чадсангүй ({detail}). Тэдгээр нь журналд хадгалагдсан; дахин оролдохын тулд кассыг дахин эхлүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>After the restart, the receipt of {count} paid sale(s) was found issued: reprint it from the history if needed.</source>
        <translation>Дахин эхлүүлсний дараа төлөгдсөн {count} борлуулалтын баримт гарсан нь тогтоогдлоо: шаардлагатай бол түүхээс дахин хэвлэнэ үү.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Sale {number} was being paid when the till stopped: what was taken is kept; take the rest.</source>
        <translation>Касс зогсох үед {number} борлуулалтын төлбөрийг авч байсан: авсан төлбөр хадгалагдсан; үлдэгдлийг авна уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} was paid before the till stopped: issue its receipt.</source>
        <translation>Борлуулалт {number} касс зогсохоос өмнө төлөгдсөн: баримтыг нь гаргана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} was still waiting for the customer&apos;s payment: waiting again.</source>
        <translation>Борлуулалт {number} үйлчлүүлэгчийн төлбөрийг хүлээж байсан: дахин хүлээж байна.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{count} unfinished sale(s) could not be checked with the payment service yet; the till keeps trying.</source>
        <translation>Дуусаагүй {count} борлуулалтыг төлбөрийн үйлчилгээгээр хараахан шалгаж чадаагүй; касс оролдсоор байна.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The unfinished sales are settled with the payment service.</source>
        <translation>Дуусаагүй борлуулалтуудыг төлбөрийн үйлчилгээтэй тулгаж дууслаа.</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/people_and_catalog.py" line="+103"/>
        <source>No manager&apos;s PIN is set up: anyone at this till may give money back and open Settings. Set up people in Till → People and PINs.</source>
        <translation>Менежерийн ПИН бүртгэгдээгүй: энэ кассанд хэн ч мөнгө буцааж, Тохиргоог нээж чадна. Касс → Ажилтнууд ба ПИН хэсэгт бүртгэнэ үү.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The cart from before the till stopped is back ({total}). Go on with the sale, or F2 to clear it.</source>
        <translation>Касс зогсохоос өмнөх сагс буцаж ирлээ ({total}). Борлуулалтаа үргэлжлүүлэх, эсвэл F2 дарж хоослоно уу.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The cart from before the till stopped is parked: F10 with an empty cart brings it back.</source>
        <translation>Касс зогсохоос өмнөх сагсыг түр хадгаллаа: сагс хоосон үед F10 дарж буцааж авна.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Signed in: {name}.</source>
        <translation>Нэвтэрсэн: {name}.</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The catalog file was not saved.</source>
        <translation>Каталогийн файл хадгалагдсангүй.</translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <location filename="../../pos_app/receipts/printer_words.py" line="+21"/>
        <source>usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;printer name&gt;, cups:&lt;printer name&gt; or file:/dev/usb/lp0</source>
        <translation>usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;принтерийн нэр&gt;, cups:&lt;принтерийн нэр&gt; эсвэл file:/dev/usb/lp0</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>a USB printer is written usb:VID:PID with its vendor and product id in hex (see lsusb or the Device Manager), e.g. usb:04b8:0202, or with the in and out endpoints too, e.g. usb:04b8:0202:82:01</source>
        <translation>USB принтерийг usb:VID:PID гэж, үйлдвэрлэгч ба бүтээгдэхүүний дугаарыг 16-тын тоогоор бичнэ (lsusb эсвэл Device Manager-ээс харна), ж.нь usb:04b8:0202, эсвэл оролт, гаралтын endpoint-той нь, ж.нь usb:04b8:0202:82:01</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a serial printer is written serial:PORT or serial:PORT:BAUD, e.g. serial:/dev/ttyUSB0 or serial:COM3:19200</source>
        <translation>цуваа портын принтерийг serial:PORT эсвэл serial:PORT:BAUD гэж бичнэ, ж.нь serial:/dev/ttyUSB0 эсвэл serial:COM3:19200</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a network printer is written network:ADDRESS or network:ADDRESS:PORT, e.g. network:192.168.1.50 or network:192.168.1.50:9100 (an IPv6 address in brackets: network:[fe80::1]:9100)</source>
        <translation>сүлжээний принтерийг network:ADDRESS эсвэл network:ADDRESS:PORT гэж бичнэ, ж.нь network:192.168.1.50 эсвэл network:192.168.1.50:9100 (IPv6 хаягийг дөрвөлжин хаалтад: network:[fe80::1]:9100)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a Windows printer is written win32:NAME with the printer&apos;s name as Windows shows it, e.g. win32:POS-80</source>
        <translation>Windows принтерийг win32:NAME гэж, Windows-д харагдах нэрээр нь бичнэ, ж.нь win32:POS-80</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a CUPS printer is written cups:NAME with the queue&apos;s name as lpstat shows it, e.g. cups:POS-80</source>
        <translation>CUPS принтерийг cups:NAME гэж, lpstat-д харагдах дарааллын нэрээр нь бичнэ, ж.нь cups:POS-80</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a printer device is written file:PATH, e.g. file:/dev/usb/lp0</source>
        <translation>принтерийн төхөөрөмжийг file:PATH гэж бичнэ, ж.нь file:/dev/usb/lp0</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Check that it is switched on and its USB cable is plugged in.</source>
        <translation>Принтер асаалттай, USB кабель нь залгагдсан эсэхийг шалгана уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that it is switched on, its cable is plugged in and the port in Settings is right.</source>
        <translation>Принтер асаалттай, кабель нь залгагдсан, Тохиргоон дахь порт зөв эсэхийг шалгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that it is switched on and connected, and its address in Settings.</source>
        <translation>Принтер асаалттай, сүлжээнд холбогдсон эсэх, Тохиргоон дахь хаягийг нь шалгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that it is switched on and that Settings names it as Windows does.</source>
        <translation>Принтер асаалттай эсэх, Тохиргоонд нэрийг нь Windows-тэй яг адил бичсэн эсэхийг шалгана уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that it is switched on and that Settings names its CUPS queue as lpstat does.</source>
        <translation>Принтер асаалттай эсэх, Тохиргоонд CUPS дарааллын нэрийг lpstat-тай адил бичсэн эсэхийг шалгана уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that it is switched on and plugged in, and the device path in Settings.</source>
        <translation>Принтер асаалттай, залгагдсан эсэх, Тохиргоон дахь төхөөрөмжийн замыг шалгана уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+101"/>
        <source>it closed the connection before it took the whole job</source>
        <translation>хэвлэх ажлыг бүтэн авахаасаа өмнө холболтыг таслав</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it took only {taken} of {total} kB within {seconds} s</source>
        <translation>{seconds} секундэд {total} кБ-аас ердөө {taken} кБ авлаа</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it did not take the whole job within {seconds} s</source>
        <translation>{seconds} секундэд хэвлэх ажлыг бүтэн авсангүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The receipt printer ({printer}) did not print the whole job: {reason}; part of it may have come out. {hint}</source>
        <translation>Баримтын принтер ({printer}) хэвлэх ажлыг бүтэн хэвлэсэнгүй: {reason}; хэсэг нь гарсан байж магадгүй. {hint}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/escpos_target.py" line="+47"/>
        <source>USB printer {vendor}:{product}</source>
        <translation>USB принтер {vendor}:{product}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>serial printer {port} at {baudrate} baud</source>
        <translation>цуваа портын принтер {port}, {baudrate} baud</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>network printer {address}</source>
        <translation>сүлжээний принтер {address}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Windows printer &quot;{name}&quot;</source>
        <translation>Windows принтер «{name}»</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CUPS printer &quot;{name}&quot;</source>
        <translation>CUPS принтер «{name}»</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>printer device {path}</source>
        <translation>принтерийн төхөөрөмж {path}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The printer setting &quot;{setting}&quot; cannot be used: {how}.</source>
        <translation>Принтерийн «{setting}» тохиргоог ашиглах боломжгүй: {how}.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>{how} (an in endpoint is 81 to 8f, an out endpoint 01 to 0f)</source>
        <translation>{how} (оролтын endpoint 81-ээс 8f, гаралтын endpoint 01-ээс 0f хүртэл)</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>No ESC/POS printer connection is set: write one such as {examples}.</source>
        <translation>ESC/POS принтерийн холболт тохируулаагүй байна: {examples} гэх мэтээр бичнэ үү.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it must start with usb:, serial:, network:, win32:, cups: or file:, as in {examples}</source>
        <translation>эхэнд нь usb:, serial:, network:, win32:, cups: эсвэл file: байх ёстой, ж.нь {examples}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/cups_jobs.py" line="+55"/>
        <source>its CUPS queue does not accept jobs (turn it back on with cupsaccept or in the printer settings)</source>
        <translation>түүний CUPS дараалал ажил хүлээн авахгүй байна (cupsaccept эсвэл принтерийн тохиргоонд дахин асаана уу)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CUPS has no queue of that name</source>
        <translation>CUPS-д ийм нэртэй дараалал алга</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the CUPS service does not answer</source>
        <translation>CUPS үйлчилгээ хариу өгөхгүй байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lp ended with status {status}</source>
        <translation>lp {status} кодоор дууслаа</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The printer &quot;{printer}&quot; did not take the job: {reason}. Check the printer, then print again.</source>
        <translation>&quot;{printer}&quot; принтер хэвлэх ажлыг авсангүй: {reason}. Принтерээ шалгаад дахин хэвлэнэ үү.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>CUPS took the job without saying its number</source>
        <translation>CUPS ажлыг авсан ч дугаарыг нь хэлсэнгүй</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CUPS took the job but does not say how it went</source>
        <translation>CUPS ажлыг авсан ч хэрхэн болсныг хэлэхгүй байна</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The printer {printer} did not print: CUPS stopped the job ({state}). Check the printer, then print again.</source>
        <translation>{printer} принтер хэвлэсэнгүй: CUPS ажлыг зогсоов ({state}). Принтерээ шалгаад дахин хэвлэнэ үү.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the job is still in CUPS&apos;s queue ({state})</source>
        <translation>ажил CUPS-ийн дараалалд хэвээр байна ({state})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>waiting</source>
        <translation>хүлээж байна</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>held</source>
        <translation>саатуулсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>printing</source>
        <translation>хэвлэж байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the printer is stopped</source>
        <translation>принтер зогссон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>цуцалсан</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>aborted</source>
        <translation>тасалдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>тодорхойгүй</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/connections.py" line="+190"/>
        <source>Unknown kind of printer connection: {kind}.</source>
        <translation>Принтерийн холболтын үл мэдэгдэх төрөл: {kind}.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Windows printers (win32:) can be used only on Windows, with pywin32 installed.</source>
        <translation>Windows принтерийг (win32:) зөвхөн Windows дээр, pywin32 суулгасан үед ашиглана.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CUPS printers (cups:) can be used only on Linux or macOS.</source>
        <translation>CUPS принтерийг (cups:) зөвхөн Linux эсвэл macOS дээр ашиглана.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {printer} cannot be used: its driver library (pyusb / pyserial) is not installed.</source>
        <translation>Принтерийг ({printer}) ашиглах боломжгүй: драйверын сан (pyusb / pyserial) суулгаагүй байна.</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>The receipt printer ({printer}) is out of paper or its cover is open. Put in a new roll, close the cover and print again.</source>
        <translation>Баримтын принтерийн ({printer}) цаас дууссан эсвэл таг нь нээлттэй байна. Шинэ ороомог хийж, тагийг хаагаад дахин хэвлэнэ үү.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the printer does not answer status questions</source>
        <translation>принтер төлөвийн асуултад хариулдаггүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this connection cannot tell whether it printed</source>
        <translation>энэ холболтоор хэвлэгдсэн эсэхийг мэдэх боломжгүй</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>The receipt printer ({printer}) refused the job: {reason}. {hint}</source>
        <translation>Баримтын принтер ({printer}) хэвлэх ажлыг татгалзлаа: {reason}. {hint}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="-68"/>
        <source>this computer has no USB driver library (libusb) installed</source>
        <translation>энэ компьютерт USB драйверын сан (libusb) суулгаагүй байна</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+8"/>
        <source>it did not take the data in time</source>
        <translation>өгөгдлийг хугацаандаа хүлээж авсангүй</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>access to the USB device was denied</source>
        <translation>USB төхөөрөмжид хандах зөвшөөрөлгүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the USB device is gone</source>
        <translation>USB төхөөрөмж салгагдсан байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the USB connection failed</source>
        <translation>USB холболт амжилтгүй боллоо</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/cups_jobs.py" line="-44"/>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+6"/>
        <source>lp did not finish in time</source>
        <translation>lp хугацаандаа дуусаагүй</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+3"/>
        <source>it is not found on USB</source>
        <translation>USB-д олдсонгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the system has no printer of that name</source>
        <translation>системд ийм нэртэй принтер алга</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no answer within {seconds} s</source>
        <translation>{seconds} секундэд хариу ирсэнгүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its address cannot be found</source>
        <translation>хаяг нь олдсонгүй</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+22"/>
        <source>the connection failed</source>
        <translation>холболт амжилтгүй боллоо</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>connection refused</source>
        <translation>холболтыг татгалзсан</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lp stopped taking the job</source>
        <translation>lp хэвлэх ажлыг хүлээн авахаа больсон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection was closed</source>
        <translation>холболт тасарсан</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/cups_jobs.py" line="-2"/>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+3"/>
        <source>CUPS&apos;s lp and lpstat commands are not installed</source>
        <translation>CUPS-ийн lp, lpstat командууд суулгаагүй байна</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+1"/>
        <source>there is no such device</source>
        <translation>ийм төхөөрөмж алга</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>permission denied (the user may need to be in the lp or dialout group)</source>
        <translation>зөвшөөрөлгүй (хэрэглэгчийг lp эсвэл dialout бүлэгт нэмэх хэрэгтэй байж магадгүй)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>another program is using it</source>
        <translation>өөр програм ашиглаж байна</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The receipt printer ({printer}) does not answer: {reason}. {hint}</source>
        <translation>Баримтын принтер ({printer}) хариу өгөхгүй байна: {reason}. {hint}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/escpos_out.py" line="+65"/>
        <source>The printer model &quot;{model}&quot; is unknown. Leave the model empty for a generic ESC/POS printer, or use one of: {models}.</source>
        <translation>Принтерийн «{model}» загвар танигдсангүй. Энгийн ESC/POS принтерт загварыг хоосон орхино уу, эсвэл эдгээрийн нэгийг бичнэ үү: {models}.</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printers.py" line="+67"/>
        <source>no printer</source>
        <translation>принтер сонгоогүй</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>system printer {name}</source>
        <translation>системийн принтер {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the default system printer</source>
        <translation>системийн үндсэн принтер</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No receipt printer is set: choose one in Settings (Ctrl+,).</source>
        <translation>Баримтын принтер сонгоогүй байна: Тохиргоонд (Ctrl+,) сонгоно уу.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the system&apos;s print queue took the job but does not say when it printed</source>
        <translation>системийн хэвлэх дараалал ажлыг авсан ч хэзээ хэвлэснийг хэлэхгүй</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/qt_out.py" line="+203"/>
        <location line="+2"/>
        <source>The PDF could not be drawn.</source>
        <translation>PDF үүсгэж чадсангүй.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The PDF {path} cannot be saved: {reason}.</source>
        <translation>PDF файлыг ({path}) хадгалах боломжгүй: {reason}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its folder does not exist</source>
        <translation>хавтас нь байхгүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a part of its folder is a file, not a folder</source>
        <translation>замын нэг хэсэг нь хавтас биш, файл байна</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a folder of that name is in the way</source>
        <translation>ийм нэртэй хавтас аль хэдийн байна</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this user may not write there</source>
        <translation>энэ хэрэглэгч тэнд бичих зөвшөөрөлгүй</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No printer named “{name}” is installed on this computer. Installed: {printers}.</source>
        <translation>Энэ компьютерт «{name}» нэртэй принтер суулгаагүй байна. Суулгасан: {printers}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No printer named “{name}” is installed on this computer.</source>
        <translation>Энэ компьютерт «{name}» нэртэй принтер суулгаагүй байна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This computer has no default printer: choose one by name in Settings.</source>
        <translation>Энэ компьютерт үндсэн принтер тохируулаагүй байна: Тохиргоонд нэрээр нь сонгоно уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No printer is installed on this computer.</source>
        <translation>Энэ компьютерт принтер суулгаагүй байна.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>(the default printer)</source>
        <translation>(үндсэн принтер)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The printer {printer} cannot print now: it did not take the job. Check that it is on and connected, then print again.</source>
        <translation>Принтер {printer} одоо хэвлэж чадахгүй байна: хэвлэх ажлыг хүлээж авсангүй. Асаалттай, холбогдсон эсэхийг нь шалгаад дахин хэвлэнэ үү.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The printer {printer} cannot print now: the job did not finish. Check the printer, then print again.</source>
        <translation>Принтер {printer} одоо хэвлэж чадахгүй байна: хэвлэх ажил дуусаагүй. Принтерийг шалгаад дахин хэвлэнэ үү.</translation>
    </message>
</context>
<context>
    <name>Questions</name>
    <message>
        <location filename="../../pos_app/ui/common/questions.py" line="+57"/>
        <source>{action}  (Ctrl+Enter)</source>
        <translation>{action}  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+15"/>
        <source>{action}  (Enter)</source>
        <translation>{action}  (Enter)</translation>
    </message>
</context>
<context>
    <name>Receipt</name>
    <message>
        <location filename="../../pos_app/receipts/slips.py" line="+26"/>
        <source>Unknown</source>
        <translation>Тодорхойгүй</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/sale_slip.py" line="+32"/>
        <source>Register no. {register}</source>
        <translation>Регистрийн дугаар {register}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Terminal {terminal}</source>
        <translation>Терминал {terminal}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Discount {label}</source>
        <translation>Хөнгөлөлт {label}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Subtotal</source>
        <translation>Хөнгөлөлтийн өмнө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sale discount</source>
        <translation>Нийт хөнгөлөлт</translation>
    </message>
    <message>
        <location line="+20"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+67"/>
        <location filename="../../pos_app/receipts/slips.py" line="+53"/>
        <location line="+32"/>
        <location line="+75"/>
        <source>Cash rounding</source>
        <translation>Бэлэн мөнгөний тоймлолт</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Approval code</source>
        <translation>Зөвшөөрлийн код</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid via</source>
        <translation>Төлсөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment id</source>
        <translation>Гүйлгээний дугаар</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name}, register {register}</source>
        <translation>{name}, регистр {register}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Organization {register}</source>
        <translation>Байгууллага {register}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Individual</source>
        <translation>Хувь хүн</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>COPY</source>
        <translation>ХУУЛБАР</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../pos_app/receipts/slips.py" line="-145"/>
        <source>Sale</source>
        <translation>Борлуулалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>Огноо</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cashier</source>
        <translation>Кассчин</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TOTAL</source>
        <translation>НИЙТ ДҮН</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VAT</source>
        <translation>НӨАТ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax</source>
        <translation>НХАТ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items returned: {amount} (see the return slips)</source>
        <translation>Буцаагдсан бараа: {amount} (буцаалтын хуудсыг үзнэ үү)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../../pos_app/receipts/slips.py" line="+47"/>
        <location line="+28"/>
        <location line="+3"/>
        <location line="+2"/>
        <source>Ebarimt receipt</source>
        <translation>И-баримт</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../pos_app/receipts/slips.py" line="-68"/>
        <source>Receiver</source>
        <translation>Хүлээн авагч</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Payment</source>
        <translation>Төлбөр</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Registered with the tax system; its lottery number was lost with the answer.</source>
        <translation>Татварын системд бүртгэгдсэн; сугалааны дугаар нь хариутай хамт алдагдсан.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../pos_app/receipts/slips.py" line="-2"/>
        <location line="+66"/>
        <source>Receipt id</source>
        <translation>Баримтын дугаар</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../pos_app/receipts/slips.py" line="-65"/>
        <location line="+109"/>
        <source>Lottery</source>
        <translation>Сугалааны дугаар</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(on the original receipt)</source>
        <translation>(эх баримт дээр)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No ebarimt receipt: this shop issues none for cash or card terminal sales yet.</source>
        <translation>И-баримт гараагүй: энэ дэлгүүр бэлэн мөнгө, картын терминалаар хийсэн борлуулалтад одоогоор И-баримт гаргадаггүй.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No ebarimt receipt issued for this sale.</source>
        <translation>Энэ борлуулалтад И-баримт гараагүй.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Printed {moment}</source>
        <translation>Хэвлэсэн {moment}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Thank you!</source>
        <translation>Баярлалаа!</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Receipt {number}</source>
        <translation>Баримт {number}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/slips.py" line="-119"/>
        <source>Sale date</source>
        <translation>Борлуулсан</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/sale_slip.py" line="-92"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="-44"/>
        <location filename="../../pos_app/receipts/slips.py" line="-11"/>
        <location line="+73"/>
        <source>Cash</source>
        <translation>Бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+1"/>
        <location filename="../../pos_app/receipts/slips.py" line="-73"/>
        <location line="+74"/>
        <source>Card terminal</source>
        <translation>Картын терминал</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+1"/>
        <location filename="../../pos_app/receipts/slips.py" line="+1"/>
        <source>QPay</source>
        <translation>QPay</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>+{amount} over</source>
        <translation>+{amount} илүү</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>-{amount} short</source>
        <translation>-{amount} дутуу</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount} balances</source>
        <translation>{amount} зөрүүгүй</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Z REPORT</source>
        <translation>Z ТАЙЛАН</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>X REPORT</source>
        <translation>X ТАЙЛАН</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shift opened</source>
        <translation>Ээлж нээсэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift closed</source>
        <translation>Ээлж хаасан</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Taken</source>
        <translation>Тайлан гаргасан</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../pos_app/receipts/slips.py" line="-63"/>
        <location line="+109"/>
        <location line="+26"/>
        <source>Printed</source>
        <translation>Хэвлэсэн</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Taken ({count})</source>
        <translation>Авсан ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refunded ({count})</source>
        <translation>Буцаасан ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../pos_app/receipts/slips.py" line="+34"/>
        <source>Net</source>
        <translation>Цэвэр дүн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CASH DRAWER</source>
        <translation>КАССЫН БЭЛЭН МӨНГӨ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float</source>
        <translation>Эхлэлийн бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash given</source>
        <translation>Өгсөн бэлэн мөнгө</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/sale_slip.py" line="-2"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+1"/>
        <source>Change</source>
        <translation>Хариулт</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+3"/>
        <source>Paid in ({count})</source>
        <translation>Кассад хийсэн ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid out ({count})</source>
        <translation>Кассаас гаргасан ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected cash</source>
        <translation>Байх ёстой</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Counted</source>
        <translation>Тоолсон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difference</source>
        <translation>Зөрүү</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cashier&apos;s signature</source>
        <translation>Кассчны гарын үсэг</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Z report {terminal} {moment}</source>
        <translation>Z тайлан {terminal} {moment}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>X report {terminal} {moment}</source>
        <translation>X тайлан {terminal} {moment}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/slips.py" line="-163"/>
        <source>RECEIPT CANCELLED</source>
        <translation>БАРИМТ ЦУЦЛАГДСАН</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cancel is not confirmed yet.</source>
        <translation>Цуцлалт хараахан баталгаажаагүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This receipt is no longer valid.</source>
        <translation>Энэ баримт хүчингүй болсон.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled receipt {number}</source>
        <translation>Цуцлагдсан баримт {number}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>REFUND</source>
        <translation>БУЦААЛТ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PAYMENT CANCELLED</source>
        <translation>ТӨЛБӨР ЦУЦЛАГДСАН</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale total</source>
        <translation>Борлуулалтын дүн</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+31"/>
        <source>Given back</source>
        <translation>Буцаасан</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>To give back</source>
        <translation>Буцаах дүн</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+31"/>
        <source>Reason</source>
        <translation>Шалтгаан</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>The bank has not confirmed this yet.</source>
        <translation>Банк хараахан баталгаажуулаагүй байна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+32"/>
        <source>cancelled</source>
        <translation>цуцлагдсан</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>not cancelled yet</source>
        <translation>хараахан цуцлагдаагүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+33"/>
        <source>Customer signature</source>
        <translation>Үйлчлүүлэгчийн гарын үсэг</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>RETURN</source>
        <translation>БУЦААЛТ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned</source>
        <translation>Буцаагдсан</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>not confirmed</source>
        <translation>баталгаажаагүй</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>corrected</source>
        <translation>засварласан</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not corrected yet</source>
        <translation>хараахан засаагүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Return {number}</source>
        <translation>Буцаалт {number}</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+19"/>
        <source>Printer test page</source>
        <translation>Принтерийн туршилтын хуудас</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Printer</source>
        <translation>Принтер</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper</source>
        <translation>Цаас</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{width} mm, {columns} characters</source>
        <translation>{width} мм, {columns} тэмдэгт</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Each line of digits above must fit on one line.</source>
        <translation>Дээрх цифрийн мөр бүр нэг мөрөнд багтах ёстой.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>If every letter above reads right, the printer is ready.</source>
        <translation>Дээрх үсэг бүр зөв уншигдаж байвал принтер бэлэн.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>DAY CLOSE</source>
        <translation>ӨДРИЙН ХААЛТ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day</source>
        <translation>Өдөр</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sales begun</source>
        <translation>Эхэлсэн борлуулалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+27"/>
        <source>Paid ({count})</source>
        <translation>Төлөгдсөн ({count})</translation>
    </message>
    <message>
        <location line="-21"/>
        <location line="+23"/>
        <source>Given back ({count})</source>
        <translation>Буцаасан ({count})</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>NET</source>
        <translation>ЦЭВЭР ДҮН</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipts issued</source>
        <translation>Гаргасан баримт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipts cancelled</source>
        <translation>Цуцалсан баримт</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>By bank</source>
        <translation>Банкаар</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cancelled ({count})</source>
        <translation>Цуцлагдсан ({count})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expired ({count})</source>
        <translation>Хугацаа дууссан ({count})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed ({count})</source>
        <translation>Амжилтгүй ({count})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NEEDS ATTENTION</source>
        <translation>АНХААРАХ ЗҮЙЛС</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unfinished sales</source>
        <translation>Дуусаагүй борлуулалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give-backs pending</source>
        <translation>Хүлээгдэж буй буцаалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give-backs failed</source>
        <translation>Амжилтгүй буцаалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancels pending</source>
        <translation>Хүлээгдэж буй баримт цуцлалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signature</source>
        <translation>Гарын үсэг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day close {day}</source>
        <translation>Өдрийн хаалт {day}</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>City tax with receipt</source>
        <translation>Баримттай НХАТ</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>City tax without receipt</source>
        <translation>Баримтгүй НХАТ</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Closed</source>
        <translation>Хаасан</translation>
    </message>
    <message>
        <location line="-145"/>
        <source>QPay card</source>
        <translation>QPay карт</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QPay bank transfer</source>
        <translation>QPay дансны шилжүүлэг</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>QPay {kind}</source>
        <translation>QPay {kind}</translation>
    </message>
    <message>
        <location line="+140"/>
        <source>From</source>
        <translation>Эхэлсэн</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>By tender</source>
        <translation>Төлбөрийн хэрэгслээр</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Owed a receipt</source>
        <translation>Баримт гаргах ёстой</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>Paid beyond the total</source>
        <translation>Илүү төлсөн</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>VAT with receipt</source>
        <translation>Баримттай НӨАТ</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>VAT without receipt</source>
        <translation>Баримтгүй НӨАТ</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Without receipt ({count})</source>
        <translation>Баримтгүй ({count})</translation>
    </message>
</context>
<context>
    <name>ReceiptPage</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/receipt_page.py" line="+55"/>
        <source>Individual  (Alt+I)</source>
        <translation>Хувь хүн  (Alt+I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Organization  (Alt+O)</source>
        <translation>Байгууллага  (Alt+O)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Organization&apos;s register number: 7 digits</source>
        <translation>Байгууллагын регистрийн дугаар: 7 орон</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+133"/>
        <source>Issue receipt  (Enter)</source>
        <translation>Баримт гаргах  (Enter)</translation>
    </message>
    <message>
        <location line="-122"/>
        <source>Tax receipt (ebarimt)</source>
        <translation>И-баримт</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Print  (Ctrl+P)</source>
        <translation>Хэвлэх  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview  (Alt+P)</source>
        <translation>Урьдчилан харах  (Alt+P)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Lottery number</source>
        <translation>Сугалааны дугаар</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>New sale  (F2)</source>
        <translation>Шинэ борлуулалт  (F2)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>✓ Paid  {amount}</source>
        <translation>✓ Төлөгдсөн  {amount}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sale {number}</source>
        <translation>Борлуулалт {number}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} more than the total {total}</source>
        <translation>Нийт {total}-оос {amount} илүү</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cash</source>
        <translation>бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>card terminal</source>
        <translation>картын терминал</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>via {bank}</source>
        <translation>банк: {bank}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>incl. VAT {vat}, city tax {city_tax}</source>
        <translation>үүнд НӨАТ {vat}, НХАТ {city_tax}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change  {amount}</source>
        <translation>Хариулт  {amount}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Issuing…</source>
        <translation>Гаргаж байна…</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>That is a person&apos;s register number: an organization&apos;s has 7 digits. For a person, choose Individual (Alt+I).</source>
        <translation>Энэ бол хувь хүний регистрийн дугаар: байгууллагынх 7 оронтой. Хувь хүнд бол Хувь хүн (Alt+I)-ийг сонгоно уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} digits: an organization&apos;s register number has 7. Delete the extra.</source>
        <translation>{count} орон: байгууллагын регистрийн дугаар 7 оронтой. Илүүг нь устгана уу.</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>Amount:    {amount}</source>
        <translation>Дүн:           {amount}</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>No tax receipt: this shop has no PosAPI set, so a sale paid by cash or the card terminal gets none. Set PosAPI in Settings (Ctrl+,).</source>
        <translation>И-баримт гарахгүй: энэ дэлгүүрт PosAPI тохируулаагүй тул бэлэн мөнгө эсвэл картын терминалаар төлсөн борлуулалтад баримт гарахгүй. PosAPI-г Тохиргоонд (Ctrl+,) тохируулна уу.</translation>
    </message>
    <message>
        <location line="+185"/>
        <source>VAT:       {amount}</source>
        <translation>НӨАТ:          {amount}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax:  {amount}</source>
        <translation>НХАТ:          {amount}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receiver:  {receiver}</source>
        <translation>Хүлээн авагч:  {receiver}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt:   {id}</source>
        <translation>Баримт:        {id}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The tax system already had this sale&apos;s receipt for {made}, not for {asked} as chosen. It is the valid receipt now. To give the customer a receipt for {asked}, void it and issue it again.</source>
        <translation>Татварын системд энэ борлуулалтын баримт сонгосон {asked} биш, {made}-д аль хэдийн гарсан байна. Одоо хүчинтэй баримт нь энэ. Үйлчлүүлэгчид {asked}-д баримт өгөхийн тулд үүнийг хүчингүй болгоод дахин гаргана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Void and issue for {asked}  (Alt+V)</source>
        <translation>Хүчингүй болгоод {asked}-д гаргах  (Alt+V)</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Next customer: %n item(s) waiting</source>
        <translation>
            <numerusform>Дараагийн үйлчлүүлэгч: %n бараа хүлээж байна</numerusform>
            <numerusform>Дараагийн үйлчлүүлэгч: %n бараа хүлээж байна</numerusform>
        </translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Type the organization&apos;s 7-digit register number.</source>
        <translation>Байгууллагын 7 оронтой регистрийн дугаарыг оруулна уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} of 7 digits</source>
        <translation>{count} / 7 орон</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A register number is 7 digits, nothing else.</source>
        <translation>Регистрийн дугаар зөвхөн 7 оронтой тоо байна.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>✓ {name}: read it to the customer, then Enter issues the receipt.</source>
        <translation>✓ {name}: үйлчлүүлэгчид уншиж өгөөд Enter дарж баримтаа гаргана уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✓ 7 digits (the tax system was not asked its name).</source>
        <translation>✓ 7 орон (татварын системээс нэрийг нь лавлаагүй).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Looking up {register} in the tax system…</source>
        <translation>{register}-г татварын системээс лавлаж байна…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Wait for the organization&apos;s name, read it to the customer, then Enter.</source>
        <translation>Байгууллагын нэрийг хүлээгээд үйлчлүүлэгчид уншиж өгөөд Enter дарна уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check the register number: an organization&apos;s has exactly 7 digits.</source>
        <translation>Регистрийн дугаарыг шалгана уу: байгууллагынх яг 7 оронтой.</translation>
    </message>
</context>
<context>
    <name>ReceiptPreviewDialog</name>
    <message>
        <location filename="../../pos_app/ui/printing/preview.py" line="+73"/>
        <source>Print preview</source>
        <translation>Урьдчилан харах</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Preparing the preview…</source>
        <translation>Урьдчилан харахыг бэлдэж байна…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close  (Esc)</source>
        <translation>Хаах  (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print  (Ctrl+P)</source>
        <translation>Хэвлэх  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as PDF…  (Ctrl+S)</source>
        <translation>PDF-ээр хадгалах…  (Ctrl+S)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The slip could not be prepared.</source>
        <translation>Хуудсыг бэлдэж чадсангүй.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Print preview — {title}</source>
        <translation>Урьдчилан харах — {title}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>80 mm, 42 characters</source>
        <translation>80 мм, 42 тэмдэгт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{width} mm</source>
        <translation>{width} мм</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} slip(s), {paper} paper.</source>
        <translation>{count} хуудас, {paper} цаас.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Print</source>
        <translation>Хэвлэх</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Printing…</source>
        <translation>Хэвлэж байна…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{what} did not print. {reason}</source>
        <translation>{what} хэвлэгдсэнгүй. {reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{what} sent to the printer.</source>
        <translation>{what} принтер рүү илгээгдлээ.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Save as PDF</source>
        <translation>PDF-ээр хадгалах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF files (*.pdf)</source>
        <translation>PDF файл (*.pdf)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saving {path}…</source>
        <translation>Хадгалж байна: {path}…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The PDF could not be saved.</source>
        <translation>PDF-ийг хадгалж чадсангүй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved {path}.</source>
        <translation>Хадгаллаа: {path}.</translation>
    </message>
</context>
<context>
    <name>ReceiptPrinting</name>
    <message>
        <location filename="../../pos_app/ui/printing/printing.py" line="+111"/>
        <source>The copy of sale {number}</source>
        <translation>{number} борлуулалтын хуулбар</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The receipt of sale {number}</source>
        <translation>{number} борлуулалтын баримт</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The day close of {day}</source>
        <translation>{day} өдрийн хаалт</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The printer could not be used.</source>
        <translation>Принтерийг ашиглаж чадсангүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} did not print. {reason} The sale is saved: reprint it from the history (F4) when the printer is ready.</source>
        <translation>{what} хэвлэгдсэнгүй. {reason} Борлуулалт хадгалагдсан: принтер бэлэн болмогц түүхээс (F4) дахин хэвлэнэ үү.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{what} printed ({printer}).</source>
        <translation>{what} хэвлэгдлээ ({printer}).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{what} was sent ({printer}) but not confirmed: {reason}. If it did not come out, print it again.</source>
        <translation>{what} илгээгдсэн ({printer}) боловч баталгаажаагүй: {reason}. Гараагүй бол дахин хэвлэнэ үү.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The cash drawer did not open: {reason}</source>
        <translation>Мөнгөний шүүгээ нээгдсэнгүй: {reason}</translation>
    </message>
</context>
<context>
    <name>ReceiptWords</name>
    <message>
        <location filename="../../pos_app/ui/common/receipt_words.py" line="+20"/>
        <source>Individual</source>
        <translation>Хувь хүн</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{name} (register {register})</source>
        <translation>{name} (регистр {register})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Organization {register}</source>
        <translation>Байгууллага {register}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>receipt id {id}, lottery {lottery}</source>
        <translation>ДДТД {id}, сугалаа {lottery}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>receipt id {id}</source>
        <translation>ДДТД {id}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>none (organization)</source>
        <translation>байхгүй (байгууллага)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on the paper receipt</source>
        <translation>цаасан баримт дээр</translation>
    </message>
</context>
<context>
    <name>ReturnItems</name>
    <message>
        <location filename="../../pos_app/ui/history/return_items_dialog.py" line="+45"/>
        <source>Quantity {value} is not a number</source>
        <translation>Тоо ширхэг {value} тоо биш байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A quantity returned must be above 0</source>
        <translation>Буцаах тоо 0-ээс их байх ёстой</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line}: at most {quantity} can be returned</source>
        <translation>Мөр {line}: хамгийн ихдээ {quantity}-г буцааж болно</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line}: {item} is returned in whole pieces</source>
        <translation>Мөр {line}: {item}-г бүхэл ширхэгээр буцаана</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line}: a weight has at most 3 decimals</source>
        <translation>Мөр {line}: жин хамгийн ихдээ 3 аравтын оронтой</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line} was returned already</source>
        <translation>Мөр {line} аль хэдийн буцаагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount} is more than the sale has left to give back</source>
        <translation>{amount} нь борлуулалтад буцаах үлдэгдлээс их байна</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{amount} in cash from the drawer (QPay gives back whole payments only; rounding {rounding})</source>
        <translation>{amount} бэлнээр, мөнгөний шүүгээнээс (QPay зөвхөн бүтэн төлбөрийг буцаадаг; тоймлолт {rounding})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} in cash from the drawer (QPay gives back whole payments only)</source>
        <translation>{amount} бэлнээр, мөнгөний шүүгээнээс (QPay зөвхөн бүтэн төлбөрийг буцаадаг)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{amount} in cash from the drawer (rounding {rounding})</source>
        <translation>{amount} бэлнээр, мөнгөний шүүгээнээс (тоймлолт {rounding})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} in cash from the drawer</source>
        <translation>{amount} бэлнээр, мөнгөний шүүгээнээс</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} to the card: refund it on the bank&apos;s terminal</source>
        <translation>{amount} картад: банкны терминал дээр буцаана</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} back to the card through QPay (payment {payment})</source>
        <translation>{amount} QPay-ээр картад буцна (төлбөр {payment})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The sale has no valid tax receipt.</source>
        <translation>Борлуулалтад хүчинтэй И-баримт алга.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tax receipt is corrected: a new one for what the customer keeps replaces it (same lottery).</source>
        <translation>И-баримтыг засварлана: үйлчлүүлэгчид үлдсэн бараанд гарах шинэ баримт түүнийг орлоно (сугалаа нь ижил).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay&apos;s tax receipt is voided and what the customer keeps gets a new one through PosAPI.</source>
        <translation>QPay-ийн И-баримтыг хүчингүй болгож, үйлчлүүлэгчид үлдсэн бараанд PosAPI-аар шинэ баримт гаргана.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Everything is returned: the tax receipt is voided.</source>
        <translation>Бүгд буцаагдсан: И-баримтыг хүчингүй болгоно.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The till cannot correct this tax receipt: it stays valid. Correct it in the ebarimt portal, then a manager marks it settled here.</source>
        <translation>Касс энэ И-баримтыг засах боломжгүй: хүчинтэй хэвээр үлдэнэ. И-баримтын порталд засаад, дараа нь менежер энд шийдвэрлэсэн гэж тэмдэглэнэ.</translation>
    </message>
</context>
<context>
    <name>ReturnItemsDialog</name>
    <message>
        <location line="+36"/>
        <source>Return items</source>
        <translation>Бараа буцаах</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: the customer has {amount}</source>
        <translation>Борлуулалт {number}: үйлчлүүлэгчид {amount}-ийн бараа байна</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Up/Down: a line · digits: how many go back (a weight: kg) · Space: the whole line · Ctrl+Enter: return · Esc: back</source>
        <translation>Дээш/Доош: мөр · тоо: хэдийг буцаах (жин: кг) · Space: бүх мөр · Ctrl+Enter: буцаах · Esc: буцах</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Item</source>
        <translation>Бараа</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Has</source>
        <translation>Байгаа</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Үнэ</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return</source>
        <translation>Буцаах</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Reason (required, Alt+S):</source>
        <translation>Шалтгаан (заавал, Alt+S):</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>for example: item returned</source>
        <translation>жишээ нь: бараа буцаасан</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Return  (Ctrl+Enter)</source>
        <translation>Буцаах  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Back  (Esc)</source>
        <translation>Буцах  (Esc)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Type how many of a line go back (Space: the whole line).</source>
        <translation>Мөрөөс хэдийг буцаахыг бичнэ үү (Space: бүх мөр).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Say why the items are returned (for example: item returned).</source>
        <translation>Барааг яагаад буцааж буйг бичнэ үү (жишээ нь: бараа буцаасан).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Give back {amount}:</source>
        <translation>{amount} буцааж өгнө:</translation>
    </message>
</context>
<context>
    <name>SaleFlow</name>
    <message>
        <location filename="../../pos_app/ui/sale/flow/flow.py" line="+200"/>
        <source>The payment service is still starting. Try again in a moment.</source>
        <translation>Төлбөрийн үйлчилгээ эхэлж байна. Түр хүлээгээд дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The cart is empty: scan or add an item first.</source>
        <translation>Сагс хоосон байна: эхлээд бараа уншуулах эсвэл нэмнэ үү.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>QPay was tried for this sale already: take the rest in cash or by card, or hand the payments back and start again.</source>
        <translation>Энэ борлуулалтад QPay-ээр аль хэдийн оролдсон: үлдэгдлийг бэлэн мөнгө эсвэл картаар авах, эсвэл авсан төлбөрүүдийг буцааж өгөөд дахин эхлүүлнэ үү.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The invoice could not be created.</source>
        <translation>Нэхэмжлэх үүсгэж чадсангүй.</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>The invoice was closed by the service: nothing was paid.</source>
        <translation>Үйлчилгээ нэхэмжлэхийг хаасан: төлбөр төлөгдөөгүй.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The payment service asks us to slow down. Still checking, a little less often.</source>
        <translation>Төлбөрийн үйлчилгээ хүсэлтээ цөөлөхийг хүслээ. Арай цөөн давтамжтай шалгасаар байна.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment service refused our login. Still checking; if this stays, check the username and password in Settings.</source>
        <translation>Төлбөрийн үйлчилгээ нэвтрэлтийг татгалзлаа. Шалгасаар байна; үргэлжилбэл Тохиргоонд хэрэглэгчийн нэр, нууц үгээ шалгана уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No connection to the payment service. Still checking; the customer&apos;s payment will show as soon as it is back.</source>
        <translation>Төлбөрийн үйлчилгээтэй холболт алга. Шалгасаар байна; холболт сэргэмэгц үйлчлүүлэгчийн төлбөр харагдана.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The payment service is having trouble. Still checking.</source>
        <translation>Төлбөрийн үйлчилгээнд асуудал гарлаа. Шалгасаар байна.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checking the payment failed. Still trying.</source>
        <translation>Төлбөр шалгахад алдаа гарлаа. Оролдсоор байна.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/receipts.py" line="+88"/>
        <source>No PosAPI is set for this sale&apos;s receipt: set it in Settings (Ctrl+,).</source>
        <translation>Энэ борлуулалтын баримтыг гаргах PosAPI тохируулаагүй байна: Тохиргоонд (Ctrl+,) тохируулна уу.</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The receipt could not be issued.</source>
        <translation>Баримт гаргаж чадсангүй.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/flow.py" line="+28"/>
        <source>Training: the customer pays…</source>
        <translation>Сургалт: үйлчлүүлэгч төлж байна…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The training payment failed.</source>
        <translation>Сургалтын төлбөр амжилтгүй боллоо.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/cancel.py" line="+47"/>
        <source>This sale is paid, so it cannot be cancelled here. A refund is made from the sales history.</source>
        <translation>Энэ борлуулалт төлөгдсөн тул энд цуцлах боломжгүй. Буцаалтыг борлуулалтын түүхээс хийнэ.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The sale could not be cancelled. It is still open; try again.</source>
        <translation>Борлуулалтыг цуцалж чадсангүй. Нээлттэй хэвээр байна; дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The customer has already paid, so the sale cannot be cancelled.</source>
        <translation>Үйлчлүүлэгч аль хэдийн төлсөн тул борлуулалтыг цуцлах боломжгүй.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Part of the amount is already paid, so the sale cannot simply be cancelled. Press Esc again to invoice the rest, give the part back or keep waiting.</source>
        <translation>Дүнгийн нэг хэсэг аль хэдийн төлөгдсөн тул борлуулалтыг шууд цуцлах боломжгүй. Үлдэгдлийг нэхэмжлэх, төлсөн хэсгийг буцаах эсвэл хүлээсээр байхын тулд Esc-г дахин дарна уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/flow.py" line="-249"/>
        <source>Nothing to pay: the discounts take the whole total. Take one off (Ctrl+D, Ctrl+Shift+D) or clear the cart (F2).</source>
        <translation>Төлөх дүн алга: хөнгөлөлт нийт дүнг бүхэлд нь хасаж байна. Хөнгөлөлтийг цуцлах (Ctrl+D, Ctrl+Shift+D) эсвэл сагсыг цэвэрлэнэ үү (F2).</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/tenders.py" line="+97"/>
        <source>A payment was recorded for sale {number}, which is no longer on screen: see it in the history (F4).</source>
        <translation>{number} борлуулалтад төлбөр бүртгэгдсэн, гэхдээ тэр дэлгэцэнд алга: түүхээс (F4) харна уу.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The payment was not recorded; it does not count.</source>
        <translation>Төлбөр бүртгэгдсэнгүй; тооцогдохгүй.</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>The invoice for the rest: its answer was lost. The till looks it up again in a moment.</source>
        <translation>Үлдэгдлийн нэхэмжлэлийн хариу алдагдлаа. Касс удахгүй дахин хайна.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The payments could not be handed back.</source>
        <translation>Төлбөрийг буцааж өгч чадсангүй.</translation>
    </message>
</context>
<context>
    <name>SalePage</name>
    <message>
        <location filename="../../pos_app/ui/sale/cart/sale_page.py" line="+57"/>
        <source>Scan or type a code, or type a name  ·  3*code for three</source>
        <translation>Код уншуулах, бичих эсвэл нэрээр хайх  ·  3*код гурвыг нэмнэ</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Free line… (Ctrl+L)</source>
        <translation>Гараар нэмэх… (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The cart is empty. Scan an item to start a sale.</source>
        <translation>Сагс хоосон. Борлуулалт эхлүүлэхийн тулд бараа уншуулна уу.</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+102"/>
        <source>Charge  (F12)</source>
        <translation>Төлбөр авах  (F12)</translation>
    </message>
    <message>
        <location line="-98"/>
        <source>Cash  (F7)</source>
        <translation>Бэлэн мөнгө  (F7)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card terminal  (F8)</source>
        <translation>Картын терминал  (F8)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Before discounts</source>
        <translation>Хөнгөлөлтийн өмнө</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Total</source>
        <translation>Нийт дүн</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>incl. VAT</source>
        <translation>үүнд НӨАТ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>incl. city tax</source>
        <translation>үүнд НХАТ</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>Discount</source>
        <translation>Хөнгөлөлт</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount (sale {discount})</source>
        <translation>Хөнгөлөлт (нийт {discount})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount (items {items} + sale {sale})</source>
        <translation>Хөнгөлөлт (бараа {items} + борлуулалт {sale})</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/cart/entry.py" line="+157"/>
        <source>Nothing in the catalog is called &quot;{words}&quot;.</source>
        <translation>Каталогт &quot;{words}&quot; нэртэй бараа алга.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{item} is sold by weight: type its weight in kg (such as 0.75), then press its key.</source>
        <translation>{item} жингээр зарагдана: жинг кг-аар бичээд (жишээ нь 0.75) товчийг нь дарна уу.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Unknown code {code}: it is not in the catalog. Add it as a free line (Ctrl+L)?</source>
        <translation>Үл мэдэгдэх код {code}: каталогид байхгүй. Гараар нэмэх үү (Ctrl+L)?</translation>
    </message>
    <message>
        <location line="+28"/>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+33"/>
        <source>{quantity} × {item} at {price} comes to {amount}. Is the quantity right?</source>
        <translation>{quantity} × {item}, нэгж нь {price}: нийт {amount}. Тоо ширхэг зөв үү?</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+4"/>
        <source>Add {quantity}</source>
        <translation>{quantity}-г нэмэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+1"/>
        <source>Back to change it</source>
        <translation>Буцаж засах</translation>
    </message>
    <message numerus="yes">
        <location filename="../../pos_app/ui/sale/cart/sale_page.py" line="+17"/>
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n мөр</numerusform>
            <numerusform>%n мөр</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Removed: {item}</source>
        <translation>Хасагдлаа: {item}</translation>
    </message>
</context>
<context>
    <name>SalesModel</name>
    <message>
        <location filename="../../pos_app/ui/history/model.py" line="+19"/>
        <source>Time</source>
        <translation>Цаг</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sale</source>
        <translation>Борлуулалт</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Төлөв</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bank</source>
        <translation>Банк</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lottery</source>
        <translation>Сугалаа</translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>%n sale(s) · paid {paid}</source>
        <translation>
            <numerusform>%n борлуулалт · төлөгдсөн {paid}</numerusform>
            <numerusform>%n борлуулалт · төлөгдсөн {paid}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · given back {back} · net {net}</source>
        <translation> · буцаасан {back} · цэвэр {net}</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>The receipt was voided in the tax system.</source>
        <translation>Баримт татварын системд хүчингүй болсон.</translation>
    </message>
</context>
<context>
    <name>ScanRouter</name>
    <message>
        <location filename="../../pos_app/ui/sale/scanning/routing.py" line="+73"/>
        <source>the sale is being paid: finish or cancel it first</source>
        <translation>борлуулалтын төлбөр хийгдэж байна: эхлээд дуусгах эсвэл цуцлана уу</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>answer the question on the screen first</source>
        <translation>эхлээд дэлгэц дээрх асуултад хариулна уу</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>close the window &quot;{title}&quot; first</source>
        <translation>эхлээд &quot;{title}&quot; цонхыг хаана уу</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not added: {item} ({code}): {why}.</source>
        <translation>Нэмэгдсэнгүй: {item} ({code}): {why}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not added: {code}: {why}.</source>
        <translation>Нэмэгдсэнгүй: {code}: {why}.</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="-69"/>
        <source>No system keyring is available, so the password is kept for this session only and must be entered again after a restart.</source>
        <translation>Системийн түлхүүрийн сан (keyring) алга тул нууц үгийг зөвхөн энэ удаад хадгална; дахин эхлүүлсний дараа дахин оруулна уу.</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <location line="-107"/>
        <source>The {label} must be empty or up to 20 Latin letters and digits.</source>
        <translation>«{label}» хоосон эсвэл 20 хүртэл латин үсэг, цифр байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (follow the computer) or a code such as mn or en_US.</source>
        <translation>«{label}» хоосон (компьютерийнхийг дагана) эсвэл mn, en_US гэх мэт код байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty or up to 20 letters and digits, without spaces.</source>
        <translation>«{label}» хоосон эсвэл зайгүй 20 хүртэл үсэг, цифр байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (none), system, system:&lt;printer name&gt;, or an ESC/POS connection such as usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;name&gt;, cups:&lt;name&gt; or file:/dev/usb/lp0.</source>
        <translation>«{label}» хоосон (байхгүй), system, system:&lt;принтерийн нэр&gt;, эсвэл usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;нэр&gt;, cups:&lt;нэр&gt;, file:/dev/usb/lp0 гэх мэт ESC/POS холболт байна.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The {label} must be empty (a generic printer) or a model name such as TM-T20II.</source>
        <translation>«{label}» хоосон (энгийн принтер) эсвэл TM-T20II гэх мэт загварын нэр байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be text.</source>
        <translation>«{label}» текст байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain line breaks or control characters.</source>
        <translation>«{label}» мөр шилжилт, удирдах тэмдэгт агуулж болохгүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the {label}.</source>
        <translation>«{label}»-г оруулна уу.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain spaces.</source>
        <translation>«{label}» зай агуулж болохгүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain a user name or password.</source>
        <translation>«{label}» хэрэглэгчийн нэр, нууц үг агуулж болохгүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain ? or #.</source>
        <translation>«{label}» ? эсвэл # агуулж болохгүй.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must start with https:// (plain http only to this computer), so the till&apos;s key cannot be read on the way.</source>
        <translation>{label} https://-ээр эхлэх ёстой (энгийн http зөвхөн энэ компьютерт), ингэснээр кассын түлхүүрийг замд нь уншиж чадахгүй.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 64 hex digits, as &apos;pos-store certificate&apos; prints it.</source>
        <translation>{label} нь &apos;pos-store certificate&apos;-ийн хэвлэдэг шиг 64 арван зургаатын цифр байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the {label}, for example https://merchant.qpay.mn.</source>
        <translation>«{label}»-г оруулна уу, ж.нь https://merchant.qpay.mn.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In production the {label} must start with https://, so the password and payments cannot be read on the way.</source>
        <translation>Бодит горимд «{label}» https://-ээр эхлэх ёстой: тэгвэл нууц үг, төлбөрийг замд нь уншиж чадахгүй.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 1 to 20 Latin letters, digits or _.</source>
        <translation>«{label}» 1-20 латин үсэг, цифр эсвэл _ байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 80, 58 or 80-42 (80 mm, 42 characters).</source>
        <translation>«{label}» 80, 58 эсвэл 80-42 (80 мм, 42 тэмдэгт) байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} can be at most {maximum} characters.</source>
        <translation>«{label}» дээд тал нь {maximum} тэмдэгт байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a full web address such as {example}.</source>
        <translation>«{label}» {example} гэх мэт бүтэн вэб хаяг байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (off) or a host and port such as 127.0.0.1:8787.</source>
        <translation>«{label}» хоосон (унтраасан) эсвэл 127.0.0.1:8787 гэх мэт хост, порт байна.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The {label} is up to 4 signs that no code holds (such as ~ or #), or nothing.</source>
        <translation>{label} нь ямар ч кодод байдаггүй 4 хүртэлх тэмдэгт (жишээ нь ~ эсвэл #), эсвэл хоосон байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be enter or tab.</source>
        <translation>{label} нь enter эсвэл tab байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be contract (as the contract says) or live (as the live service answers).</source>
        <translation>«{label}» нь contract (гэрээнд заасны дагуу) эсвэл live (бодит үйлчилгээ шиг) байна.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be the shop&apos;s TIN: 11 to 14 digits.</source>
        <translation>«{label}» нь дэлгүүрийн ТТД буюу 11-14 оронтой тоо байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 1 to 20 Latin letters, digits, - or _.</source>
        <translation>«{label}» 1-20 латин үсэг, цифр, - эсвэл _ байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 1 to 3 digits.</source>
        <translation>«{label}» 1-3 оронтой тоо байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 4 digits.</source>
        <translation>«{label}» 4 оронтой тоо байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (off), a range such as 20-29 or a list such as 21,22 of two-digit prefixes from 20 to 29.</source>
        <translation>{label} хоосон (унтраалттай), 20-29 гэх мэт муж эсвэл 21,22 гэх мэт 20-29 хоорондох хоёр оронтой угтваруудын жагсаалт байх ёстой.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be weight or price.</source>
        <translation>{label} weight (жин) эсвэл price (үнэ) байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 4, 5 or 6.</source>
        <translation>{label} 4, 5 эсвэл 6 байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 4 or 5 when the scale writes a verifier digit.</source>
        <translation>Жин шалгах орон бичдэг бол {label} 4 эсвэл 5 байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 0 (whole tögrög) or 2 (with cents).</source>
        <translation>{label} 0 (бүхэл төгрөг) эсвэл 2 (мөнгөтэй) байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be no or yes (a check digit of the weight or price, just before it).</source>
        <translation>{label} no эсвэл yes (жин эсвэл үнийн өмнөх шалгах орон) байх ёстой.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be maximized, full_screen or window.</source>
        <translation>{label} maximized, full_screen эсвэл window байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a whole number of minutes from 0 (never) to 240.</source>
        <translation>{label} 0 (хэзээ ч үгүй)-ээс 240 хүртэлх бүхэл минут байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a percent from 0 to 100.</source>
        <translation>{label} 0-ээс 100 хүртэлх хувь байх ёстой.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (the digits the terminal id ends in) or a number from 1 to 99.</source>
        <translation>{label} хоосон (терминалын дугаарын төгсгөлийн цифрүүд) эсвэл 1-ээс 99 хүртэлх тоо байх ёстой.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give this till its {label} (1 to 99, its own among the shop&apos;s tills): its terminal id does not end in one.</source>
        <translation>Энэ кассын {label}-ыг өгнө үү (1-ээс 99, дэлгүүрийн кассуудын дунд давтагдахгүй): терминалын дугаар нь тоогоор төгсөхгүй байна.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 1, 5, 10, 50 or 100 tögrög.</source>
        <translation>{label} нь 1, 5, 10, 50 эсвэл 100 төгрөг байх ёстой.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>environment</source>
        <translation>орчин</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay service address</source>
        <translation>QPay үйлчилгээний хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay user name</source>
        <translation>QPay хэрэглэгчийн нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay invoice code</source>
        <translation>QPay нэхэмжлэхийн код</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>callback address</source>
        <translation>callback хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>callback receiver address</source>
        <translation>callback хүлээн авагчийн хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminal id</source>
        <translation>терминалын дугаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop name</source>
        <translation>дэлгүүрийн нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>district code</source>
        <translation>дүүргийн код</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>classification code</source>
        <translation>ангиллын код</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tax type</source>
        <translation>татварын төрөл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>catalog file</source>
        <translation>каталогийн файл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>language</source>
        <translation>хэл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop&apos;s register number</source>
        <translation>дэлгүүрийн регистрийн дугаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop address</source>
        <translation>дэлгүүрийн хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>receipt printer</source>
        <translation>баримтын принтер</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paper width</source>
        <translation>цаасны өргөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>printer model</source>
        <translation>принтерийн загвар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>print after the receipt is issued</source>
        <translation>баримт гармагц хэвлэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut the paper</source>
        <translation>цаас тасдах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>open the cash drawer</source>
        <translation>мөнгөний шүүгээ нээх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>print text as pictures</source>
        <translation>текстийг зургаар хэвлэх</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>scanner prefix</source>
        <translation>сканнерын угтвар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scanner suffix</source>
        <translation>сканнерын төгсгөл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training service&apos;s answers</source>
        <translation>дадлагын үйлчилгээний хариу</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training PosAPI</source>
        <translation>сургалтын PosAPI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PosAPI address</source>
        <translation>PosAPI-ийн хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop&apos;s TIN on PosAPI</source>
        <translation>PosAPI дахь дэлгүүрийн ТТД</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POS number</source>
        <translation>ПОС-ын дугаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>branch number</source>
        <translation>салбарын дугаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>till number on receipts</source>
        <translation>баримт дээрх кассын дугаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale label prefixes</source>
        <translation>жингийн шошгоны угтвар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale label value</source>
        <translation>жингийн шошгоны утга</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale item code digits</source>
        <translation>жингийн барааны кодын орон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale price decimals</source>
        <translation>жингийн үнийн бутархай орон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale verifier digit</source>
        <translation>жингийн шалгах орон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window size</source>
        <translation>цонхны хэмжээ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lock after idle minutes</source>
        <translation>идэвхгүй минутын дараа түгжих</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>discount limit without a manager</source>
        <translation>менежергүй өгөх хөнгөлөлтийн хязгаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cash rounding</source>
        <translation>бэлэн мөнгөний тоймлолт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sell directly with QPay when the store is down</source>
        <translation>дэлгүүрийн сервер ажиллахгүй үед QPay-ээр шууд борлуулах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>direct QPay service address</source>
        <translation>шууд QPay үйлчилгээний хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>direct QPay user name</source>
        <translation>шууд QPay хэрэглэгчийн нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>direct QPay invoice code</source>
        <translation>шууд QPay нэхэмжлэхийн код</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>store server&apos;s certificate fingerprint</source>
        <translation>дэлгүүрийн серверийн гэрчилгээний хурууны хээ</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>The {label} must be a time zone name such as {example}.</source>
        <translation>«{label}» нь {example} гэх мэт цагийн бүсийн нэр байна.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a percentage below 100 with at most 2 decimals, such as {example}.</source>
        <translation>«{label}» нь {example} гэх мэт 100-аас бага, хамгийн ихдээ 2 аравтын оронтой хувь байна.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 1 or 2 (percent).</source>
        <translation>«{label}» 1 эсвэл 2 (хувь) байна.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>time zone</source>
        <translation>цагийн бүс</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VAT rate</source>
        <translation>НӨАТ-ын хувь</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>city tax rate</source>
        <translation>НХАТ-ын хувь</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+83"/>
        <source>Settings</source>
        <translation>Тохиргоо</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+52"/>
        <source>Training</source>
        <translation>Сургалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay sandbox</source>
        <translation>QPay туршилтын орчин</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Production</source>
        <translation>Бодит орчин</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Training uses the built-in practice service: no real money, no account needed.</source>
        <translation>Сургалт нь суулгагдсан дадлагын үйлчилгээг ашиглана: жинхэнэ мөнгө, бүртгэл шаардлагагүй.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>As the contract says</source>
        <translation>Гэрээнд заасны дагуу</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>As the live service answers</source>
        <translation>Бодит үйлчилгээ шиг</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/actions.py" line="+255"/>
        <location filename="../../pos_app/ui/settings/sections.py" line="+26"/>
        <source>Test connection</source>
        <translation>Холболт шалгах</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+9"/>
        <source>Environment</source>
        <translation>Орчин</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Training service answers</source>
        <translation>Дадлагын үйлчилгээний хариу</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+166"/>
        <location filename="../../pos_app/ui/settings/sections.py" line="+2"/>
        <source>QPay address</source>
        <translation>QPay хаяг</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+2"/>
        <source>Username</source>
        <translation>Хэрэглэгчийн нэр</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+1"/>
        <location filename="../../pos_app/ui/settings/sections.py" line="+7"/>
        <source>Password</source>
        <translation>Нууц үг</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+7"/>
        <source>Invoice code</source>
        <translation>Нэхэмжлэхийн код</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callback URL</source>
        <translation>Callback URL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty: the app&apos;s own default</source>
        <translation>хоосон: аппын анхдагч</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callback receiver</source>
        <translation>Callback хүлээн авагч</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>off, or e.g. 127.0.0.1:8787</source>
        <translation>үгүй, ж.нь 127.0.0.1:8787</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The till listens here for the service&apos;s payment callbacks and checks at once when one arrives (it never takes a callback as proof of payment). The service must reach this address: set the Callback URL to the public address that forwards to it.</source>
        <translation>Касс үйлчилгээний төлбөрийн callback-ийг энд хүлээн авч, ирмэгц шууд шалгана (callback-ийг хэзээ ч төлбөрийн нотолгоо гэж үзэхгүй). Үйлчилгээ энэ хаягт хүрэх ёстой: Callback URL-д энэ рүү дамжуулдаг нийтийн хаягийг тохируулна уу.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Payment service</source>
        <translation>Төлбөрийн үйлчилгээ</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Direct QPay address</source>
        <translation>Шууд QPay хаяг</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Direct QPay username</source>
        <translation>Шууд QPay хэрэглэгчийн нэр</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Direct QPay password</source>
        <translation>Шууд QPay нууц үг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Direct QPay invoice code</source>
        <translation>Шууд QPay нэхэмжлэхийн код</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Terminal id</source>
        <translation>Терминалын дугаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shop name</source>
        <translation>Дэлгүүрийн нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>printed on receipts</source>
        <translation>баримт дээр хэвлэгдэнэ</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Register no.</source>
        <translation>Регистрийн дугаар</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Address</source>
        <translation>Хаяг</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>Сонгох…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Catalog file</source>
        <translation>Каталогийн файл</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The computer&apos;s language</source>
        <translation>Компьютерийн хэл</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The till&apos;s language; receipts print in it too. It changes as soon as the settings are saved.</source>
        <translation>Кассын хэл; баримт ч энэ хэлээр хэвлэгдэнэ. Тохиргоог хадгалмагц шууд солигдоно.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language</source>
        <translation>Хэл</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This till</source>
        <translation>Энэ касс</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Receipts through the training PosAPI</source>
        <translation>Баримтыг сургалтын PosAPI-аар гаргах</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every sale&apos;s receipt, cash and the card terminal too, through a practice PosAPI.</source>
        <translation>Бүх борлуулалтын баримт, тэр дундаа бэлэн мөнгө, картын терминалынх ч, дадлагын PosAPI-аар гарна.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PosAPI address</source>
        <translation>PosAPI-ийн хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none; e.g. http://localhost:7080</source>
        <translation>байхгүй; ж.нь http://localhost:7080</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tax authority&apos;s PosAPI 3.0 on this shop&apos;s computer or network. With it, every sale&apos;s receipt (cash, card terminal, QPay) goes through it; without it, only QPay sales get a receipt (QPay&apos;s).</source>
        <translation>Энэ дэлгүүрийн компьютер эсвэл сүлжээнд байгаа татварын албаны PosAPI 3.0. Тохируулсан бол бүх борлуулалтын баримт (бэлэн мөнгө, картын терминал, QPay) үүгээр гарна; тохируулаагүй бол зөвхөн QPay-ээр төлсөн борлуулалтад баримт (QPay-ийнх) гарна.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Registered</source>
        <translation>Бүртгэл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shop&apos;s TIN</source>
        <translation>Дэлгүүрийн ТТД</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POS</source>
        <translation>ПОС</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Branch, district, till</source>
        <translation>Салбар, дүүрэг, касс</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Till</source>
        <translation>Касс</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This till&apos;s number on its receipts, 1 to 99, its own among the tills on one PosAPI (empty: the digits its terminal id ends in).</source>
        <translation>Энэ кассын баримт дээрх дугаар: 1-ээс 99, нэг PosAPI-д холбогдсон кассуудын дунд давтагдахгүй (хоосон бол терминалын дугаарын төгсгөлийн цифрүүд).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Codes</source>
        <translation>Кодууд</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classification</source>
        <translation>Ангилал</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Maximized</source>
        <translation>Томруулсан цонх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Full screen</source>
        <translation>Бүтэн дэлгэц</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A window</source>
        <translation>Цонх</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Weight</source>
        <translation>Жин</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Үнэ</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No</source>
        <translation>Үгүй</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Yes</source>
        <translation>Тийм</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>VAT (%)</source>
        <translation>НӨАТ (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax (%)</source>
        <translation>НХАТ (%)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Enter key</source>
        <translation>Enter товч</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tab key</source>
        <translation>Tab товч</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>Branch</source>
        <translation>Салбар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>District</source>
        <translation>Дүүрэг</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tax type</source>
        <translation>Татварын төрөл</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tax receipt (ebarimt)</source>
        <translation>И-баримт</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="-140"/>
        <source>Cancel</source>
        <translation>Болих</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save</source>
        <translation>Хадгалах</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+77"/>
        <source>Barcode scanner</source>
        <translation>Бар код уншигч</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefix</source>
        <translation>Угтвар</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none</source>
        <translation>байхгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suffix</source>
        <translation>Төгсгөл</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/printer.py" line="+73"/>
        <source>None</source>
        <translation>Байхгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System printer</source>
        <translation>Системийн принтер</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS over USB</source>
        <translation>ESC/POS, USB-ээр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS over the network</source>
        <translation>ESC/POS, сүлжээгээр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS over a serial port</source>
        <translation>ESC/POS, сериал портоор</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS via a Windows printer</source>
        <translation>ESC/POS, Windows принтерээр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS via a CUPS queue</source>
        <translation>ESC/POS, CUPS дарааллаар</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS to a device file</source>
        <translation>ESC/POS, төхөөрөмжийн файл руу</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>80 mm</source>
        <translation>80 мм</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>58 mm</source>
        <translation>58 мм</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>80 mm, 42 characters</source>
        <translation>80 мм, 42 тэмдэгт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For 180 dpi printers such as the Epson TM-T88 series (512 dots a line).</source>
        <translation>Epson TM-T88 цуврал зэрэг 180 dpi принтерт (мөрөнд 512 цэг).</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="-127"/>
        <source>the sample catalog</source>
        <translation>жишээ каталог</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/printer.py" line="+9"/>
        <source>generic printer</source>
        <translation>энгийн принтер</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The printer&apos;s model, when it is in the list: the till then knows which letters it can print as text. Leave empty when unsure.</source>
        <translation>Принтерийн загвар, жагсаалтад байвал: касс аль үсгийг текстээр хэвлэж болохыг мэднэ. Эргэлзвэл хоосон үлдээнэ үү.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Model</source>
        <translation>Загвар</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Print when the receipt is issued</source>
        <translation>Баримт гармагц хэвлэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cut the paper</source>
        <translation>Цаас тасдах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the cash drawer</source>
        <translation>Мөнгөний шүүгээ нээх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print text as pictures</source>
        <translation>Текстийг зургаар хэвлэх</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>For a printer that prints wrong letters: every line goes as a picture (slower, always right).</source>
        <translation>Үсгийг буруу хэвлэдэг принтерт: мөр бүр зураг болж очно (удаан ч үргэлж зөв).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Print test page</source>
        <translation>Туршилтын хуудас хэвлэх</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Printer</source>
        <translation>Принтер</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper</source>
        <translation>Цаас</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Receipt printer</source>
        <translation>Баримтын принтер</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>empty: the computer&apos;s default printer</source>
        <translation>хоосон: компьютерийн үндсэн принтер</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vendor:product, e.g. 04b8:0202</source>
        <translation>үйлдвэрлэгч:төхөөрөмж, ж.нь 04b8:0202</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>address[:port], e.g. 192.168.1.50:9100</source>
        <translation>хаяг[:порт], ж.нь 192.168.1.50:9100</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>port[:baud], e.g. COM3 or /dev/ttyUSB0:115200</source>
        <translation>порт[:хурд], ж.нь COM3 эсвэл /dev/ttyUSB0:115200</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the printer&apos;s name in Windows</source>
        <translation>Windows дахь принтерийн нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the CUPS queue&apos;s name</source>
        <translation>CUPS дарааллын нэр</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. /dev/usb/lp0</source>
        <translation>ж.нь /dev/usb/lp0</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Printing the test page…</source>
        <translation>Туршилтын хуудас хэвлэж байна…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The test page did not print. {reason}</source>
        <translation>Туршилтын хуудас хэвлэгдсэнгүй. {reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The test page did not print.</source>
        <translation>Туршилтын хуудас хэвлэгдсэнгүй.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The test page went to {printer}: check every letter on it.</source>
        <translation>Туршилтын хуудсыг илгээлээ: {printer}. Үсэг бүрийг нь шалгана уу.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+33"/>
        <source>Payments and till</source>
        <translation>Төлбөр ба касс</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipts, printer, counter, scale</source>
        <translation>Баримт, хэвлэгч, касс, жин</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Store address</source>
        <translation>Дэлгүүрийн серверийн хаяг</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Till key</source>
        <translation>Кассын түлхүүр</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not needed in Training</source>
        <translation>сургалтад шаардлагагүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stored in the system keyring</source>
        <translation>системийн түлхүүрийн санд хадгалагдана</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kept for this session only</source>
        <translation>зөвхөн энэ удаад хадгалагдана</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/actions.py" line="-138"/>
        <source>Could not read the saved password: {}</source>
        <translation>Хадгалсан нууц үгийг уншиж чадсангүй: {}</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+46"/>
        <source>Could not read the saved password ({}).</source>
        <translation>Хадгалсан нууц үгийг уншиж чадсангүй ({}).</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Enter the till key first.</source>
        <translation>Эхлээд кассын түлхүүрийг оруулна уу.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter the password first.</source>
        <translation>Эхлээд нууц үгээ оруулна уу.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+61"/>
        <source>Testing the connection…</source>
        <translation>Холболтыг шалгаж байна…</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Testing…</source>
        <translation>Шалгаж байна…</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+57"/>
        <source>Could not connect.</source>
        <translation>Холбогдож чадсангүй.</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>The store server has a certificate of its own. Its SHA-256 fingerprint:

{fingerprint}

Is it the same as what &apos;pos-store certificate&apos; prints on the store&apos;s computer? Compare every pair. Pinned, this till trusts this certificate alone, and refuses the store if it ever changes.</source>
        <translation>Дэлгүүрийн сервер өөрийн гэрчилгээтэй. Түүний SHA-256 хурууны хээ:

{fingerprint}

Энэ нь дэлгүүрийн компьютер дээр &apos;pos-store certificate&apos;-ийн хэвлэсэнтэй ижил үү? Хос бүрийг харьцуулна уу. Бэхэлсний дараа энэ касс зөвхөн энэ гэрчилгээнд итгэх бөгөөд гэрчилгээ өөрчлөгдвөл серверээс татгалзана.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The same: pin it</source>
        <translation>Ижил: бэхлэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not the same</source>
        <translation>Ижил биш</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not connected: the store&apos;s certificate was not pinned.</source>
        <translation>Холбогдоогүй: дэлгүүрийн серверийн гэрчилгээг бэхлээгүй.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Connected: logged in as {}.</source>
        <translation>Холбогдлоо: {} нэрээр нэвтэрсэн.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PosAPI answers: {left} lottery numbers left.</source>
        <translation>PosAPI хариулж байна: {left} сугалааны дугаар үлдсэн.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PosAPI answers.</source>
        <translation>PosAPI хариулж байна.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose the catalog</source>
        <translation>Каталог сонгох</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV файл (*.csv);;Бүх файл (*)</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+120"/>
        <source>1 or 2</source>
        <translation>1 эсвэл 2</translation>
    </message>
    <message>
        <location line="-108"/>
        <source>Time zone</source>
        <translation>Цагийн бүс</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>Store server</source>
        <translation>Дэлгүүрийн сервер</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The shop&apos;s store server takes this till&apos;s payments to QPay: enter its address and the key &apos;pos-store add-till&apos; gave this terminal id.</source>
        <translation>Дэлгүүрийн сервер энэ кассын төлбөрийг QPay руу дамжуулна: серверийн хаяг болон &apos;pos-store add-till&apos; энэ терминалд өгсөн түлхүүрийг оруулна уу.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sell directly with QPay when the store is down</source>
        <translation>Дэлгүүрийн сервер ажиллахгүй үед QPay-ээр шууд борлуулах</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The owner&apos;s choice. Without it, QPay sales wait until the store answers.</source>
        <translation>Эзэмшигчийн сонголт. Үүнгүйгээр QPay-ийн борлуулалт сервер хариу өгөх хүртэл хүлээнэ.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Store certificate</source>
        <translation>Серверийн гэрчилгээ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pinned by Test connection</source>
        <translation>«Холболт шалгах» бэхэлнэ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SHA-256 fingerprint of the store server&apos;s own certificate, pinned when you test the connection and compare it with what &apos;pos-store certificate&apos; prints on the store&apos;s computer.</source>
        <translation>Дэлгүүрийн серверийн өөрийн гэрчилгээний SHA-256 хурууны хээ: холболтыг шалгаад, дэлгүүрийн компьютер дээр &apos;pos-store certificate&apos;-ийн хэвлэсэнтэй харьцуулахад бэхлэгдэнэ.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>the shop&apos;s register number, printed on receipts</source>
        <translation>дэлгүүрийн регистрийн дугаар, баримтад хэвлэгдэнэ</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>the shop&apos;s dates, e.g. Asia/Ulaanbaatar</source>
        <translation>дэлгүүрийн огноо, ж.нь Asia/Ulaanbaatar</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Window</source>
        <translation>Цонх</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lock after idle (minutes)</source>
        <translation>Идэвхгүй бол түгжих (минут)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0: never (with PINs set up)</source>
        <translation>0: хэзээ ч үгүй (ПИН бүртгэсэн үед)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount limit (%)</source>
        <translation>Хөнгөлөлтийн хязгаар (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above it, a manager&apos;s PIN</source>
        <translation>түүнээс дээш бол менежерийн ПИН</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash rounding (₮)</source>
        <translation>Бэлэн мөнгөний тоймлолт (₮)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1, 5, 10, 50 or 100: cash is paid to a multiple of it</source>
        <translation>1, 5, 10, 50 эсвэл 100: бэлэн мөнгийг үүний үржвэрээр төлнө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At the counter</source>
        <translation>Кассанд</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Labels</source>
        <translation>Шошго</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefixes</source>
        <translation>Угтвар</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>унтраалттай</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Holds</source>
        <translation>Агуулга</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Code digits</source>
        <translation>Кодын орон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checks</source>
        <translation>Шалгалт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price decimals</source>
        <translation>Үнийн бутархай</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verifier digit</source>
        <translation>Шалгах орон</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale labels</source>
        <translation>Жингийн шошго</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Tax rates</source>
        <translation>Татварын хувь</translation>
    </message>
</context>
<context>
    <name>Shift</name>
    <message>
        <location filename="../../pos_app/ui/shift/actions.py" line="+47"/>
        <source>Amount {value} is not a number</source>
        <translation>{value} дүн тоо биш байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type the cash counted in the drawer (0 when it is empty), then Enter</source>
        <translation>Шүүгээнд тоолсон бэлэн мөнгөө бичээд (хоосон бол 0) Enter дарна уу</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Counted cash must be at least 0, below 10^12, with at most 2 decimals</source>
        <translation>Тоолсон бэлэн мөнгө 0-ээс багагүй, 10^12-оос бага, бутархай нь 2 оронтой байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A cash move must be above 0, below 10^12, with at most 2 decimals</source>
        <translation>Кассын хөдөлгөөн 0-ээс их, 10^12-оос бага, бутархай нь 2 оронтой байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shift needs its terminal&apos;s id</source>
        <translation>Ээлжид терминалын дугаар хэрэгтэй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A shift&apos;s moments need their time zone</source>
        <translation>Ээлжийн цаг цагийн бүсээ заасан байх ёстой</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shift is already closed</source>
        <translation>Ээлж аль хэдийн хаагдсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shift is closed: its Z report holds its figures</source>
        <translation>Ээлж хаагдсан: дүн нь түүний Z тайланд байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A note is at most {maximum} characters</source>
        <translation>Тэмдэглэл дээд тал нь {maximum} тэмдэгт байна</translation>
    </message>
</context>
<context>
    <name>ShiftDialog</name>
    <message>
        <location line="+90"/>
        <source>Reading the journal…</source>
        <translation>Журналыг уншиж байна…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not read the shift from the journal.</source>
        <translation>Журналаас ээлжийг уншиж чадсангүй.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read at {time}.</source>
        <translation>Уншсан: {time}.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Opening the shift…</source>
        <translation>Ээлж нээж байна…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A shift was opened already (elsewhere): it is shown now.</source>
        <translation>Ээлж (өөр газраас) аль хэдийн нээгдсэн байна: одоо түүнийг харуулж байна.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shift did not open.</source>
        <translation>Ээлж нээгдсэнгүй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shift opened at {time} with {amount} in the drawer.</source>
        <translation>Ээлжийг {time}-д шүүгээнд {amount}-тэйгээр нээлээ.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Close the shift with {counted} counted in the drawer? Expected {expected}: {difference}. Its Z report is stored and never changes.</source>
        <translation>Шүүгээнд {counted} тоолсоноор ээлжийг хаах уу? Байх ёстой {expected}: {difference}. Z тайлан нь хадгалагдаж, хэзээ ч өөрчлөгдөхгүй.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close the shift</source>
        <translation>Ээлж хаах</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keep it open</source>
        <translation>Нээлттэй үлдээх</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Closing the shift…</source>
        <translation>Ээлж хааж байна…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No shift is open any more: it was closed elsewhere.</source>
        <translation>Нээлттэй ээлж байхгүй болсон: өөр газраас хаагдсан байна.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shift did not close.</source>
        <translation>Ээлж хаагдсангүй.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Shift closed at {time}: its Z report is stored.</source>
        <translation>Ээлж {time}-д хаагдлаа: Z тайлан нь хадгалагдсан.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The Z report</source>
        <translation>Z тайлан</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The X report</source>
        <translation>X тайлан</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Printing…</source>
        <translation>Хэвлэж байна…</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Save the shift report as CSV</source>
        <translation>Ээлжийн тайланг CSV-ээр хадгалах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV файл (*.csv)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Saving…</source>
        <translation>Хадгалж байна…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not save {path}: {reason}. Choose another folder and try again.</source>
        <translation>{path} файлыг хадгалж чадсангүй: {reason}. Өөр хавтас сонгоод дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not save {path} ({error}).</source>
        <translation>{path} файлыг хадгалж чадсангүй ({error}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved to {path}.</source>
        <translation>{path} файлд хадгаллаа.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shift/dialog.py" line="+81"/>
        <source>Shift</source>
        <translation>Ээлж</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Float counted in the drawer</source>
        <translation>Шүүгээнд тоолсон эхлэлийн бэлэн мөнгө (&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open shift  (Enter)</source>
        <translation>Ээлж нээх  (Enter)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cash &amp;counted in the drawer</source>
        <translation>Шүүгээнд тоолсон бэлэн мөнгө (&amp;C)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Close shift (Z report)…</source>
        <translation>Ээлж хаах (Z тайлан)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count the drawer, then store the shift&apos;s Z report: it never changes afterwards</source>
        <translation>Шүүгээг тоолоод ээлжийн Z тайланг хадгална: дараа нь хэзээ ч өөрчлөгдөхгүй</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Refresh  (F5)</source>
        <translation>Шинэчлэх  (F5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print X report  (Ctrl+P)</source>
        <translation>X тайлан хэвлэх  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print Z report  (Ctrl+P)</source>
        <translation>Z тайлан хэвлэх  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…  (Ctrl+E)</source>
        <translation>Гаргах…  (Ctrl+E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the report shown as a CSV file</source>
        <translation>Харагдаж буй тайланг CSV файлд хадгалах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>Хаах</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Reading the shift…</source>
        <translation>Ээлжийг уншиж байна…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No shift is open on terminal {terminal}. Count the cash in the drawer and open one with it as its float.</source>
        <translation>{terminal} терминал дээр нээлттэй ээлж алга. Шүүгээн дэх бэлэн мөнгийг тоолж, түүнийг эхлэлийн бэлэн мөнгө болгон ээлж нээнэ үү.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shift open since {moment} on terminal {terminal}.</source>
        <translation>{terminal} терминал дээр {moment}-аас хойш ээлж нээлттэй.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shift of {opened} closed at {closed} on terminal {terminal}: its Z report is stored.</source>
        <translation>{terminal} терминалын {opened}-д нээсэн ээлж {closed}-д хаагдлаа: Z тайлан нь хадгалагдсан.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Expected in the drawer: {amount}</source>
        <translation>Шүүгээнд байх ёстой: {amount}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Type the cash counted in the drawer.</source>
        <translation>Шүүгээнд тоолсон бэлэн мөнгөө бичнэ үү.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Difference: {difference}</source>
        <translation>Зөрүү: {difference}</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Count</source>
        <translation>Тоо</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Taken</source>
        <translation>Авсан</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refunded</source>
        <translation>Буцаасан</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cash drawer</source>
        <translation>Кассын бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float</source>
        <translation>Эхлэлийн бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash given by customers</source>
        <translation>Худалдан авагчдын өгсөн бэлэн мөнгө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change handed back</source>
        <translation>Өгсөн хариулт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash rounding (whole tögrög)</source>
        <translation>Бэлэн мөнгөний тоймлолт (бүхэл төгрөг)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid in</source>
        <translation>Кассад хийсэн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid out</source>
        <translation>Кассаас гаргасан</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expected in the drawer</source>
        <translation>Шүүгээнд байх ёстой</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Counted</source>
        <translation>Тоолсон</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difference</source>
        <translation>Зөрүү</translation>
    </message>
</context>
<context>
    <name>TenderPage</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/tender_page.py" line="+60"/>
        <source>Due</source>
        <translation>Төлөх дүн</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No PosAPI is set: a sale paid by cash or the card terminal gets no tax receipt. Set PosAPI in Settings (Ctrl+,).</source>
        <translation>PosAPI тохируулаагүй: бэлэн мөнгө эсвэл картын терминалаар төлсөн борлуулалтад И-баримт гарахгүй. PosAPI-г Тохиргоонд (Ctrl+,) тохируулна уу.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Amount the customer gave</source>
        <translation>Үйлчлүүлэгчийн өгсөн дүн</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+40"/>
        <source>Cash  (F7)</source>
        <translation>Бэлэн мөнгө  (F7)</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Given</source>
        <translation>Өгсөн</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>From the terminal&apos;s slip, such as 123456</source>
        <translation>Терминалын баримтаас, ж.нь 123456</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+21"/>
        <source>Card terminal  (F8)</source>
        <translation>Картын терминал  (F8)</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Charge the card on the bank&apos;s terminal first, then type its approval code.</source>
        <translation>Эхлээд банкны терминалаар картаас төлбөр аваад, дараа нь зөвшөөрлийн кодыг бичнэ үү.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Amount</source>
        <translation>Дүн</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Approval code</source>
        <translation>Зөвшөөрлийн код</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Take the payment  (Enter)</source>
        <translation>Төлбөрийг авах  (Enter)</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+49"/>
        <source>QPay for the rest  (F12)</source>
        <translation>Үлдэгдлийг QPay-ээр  (F12)</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Back  (Esc)</source>
        <translation>Буцах  (Esc)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Taken so far</source>
        <translation>Одоогоор авсан</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Sale {number}  ·  total {total}</source>
        <translation>Борлуулалт {number}  ·  нийт {total}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(new)</source>
        <translation>(шинэ)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nothing yet</source>
        <translation>Одоогоор байхгүй</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay  (F12)</source>
        <translation>QPay  (F12)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hand back…  (Esc)</source>
        <translation>Буцааж өгөх…  (Esc)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to the cart  (Esc)</source>
        <translation>Сагс руу буцах  (Esc)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cash {amount} (given {given}, change {change}, rounding {rounding})</source>
        <translation>Бэлэн мөнгө {amount} (өгсөн {given}, хариулт {change}, тоймлолт {rounding})</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cash {amount} (given {given}, change {change})</source>
        <translation>Бэлэн мөнгө {amount} (өгсөн {given}, хариулт {change})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cash {amount}</source>
        <translation>Бэлэн мөнгө {amount}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card terminal {amount} (approval {code})</source>
        <translation>Картын терминал {amount} (зөвшөөрлийн код {code})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>In cash {amount} (rounding {rounding})</source>
        <translation>Бэлнээр {amount} (тоймлолт {rounding})</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Still due after this</source>
        <translation>Үүний дараа төлөх үлдэгдэл</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change</source>
        <translation>Хариулт</translation>
    </message>
</context>
<context>
    <name>Tenders</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="-103"/>
        <source>Amount {value} is not a number</source>
        <translation>{value} дүн тоо биш байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An amount must be above 0, below 10^12, with at most 2 decimals</source>
        <translation>Дүн 0-ээс их, 10^12-оос бага, дээд тал нь 2 бутархай оронтой байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sale&apos;s total must be above 0, below 10^12, with at most 2 decimals</source>
        <translation>Борлуулалтын нийт дүн 0-ээс их, 10^12-оос бага, дээд тал нь 2 бутархай оронтой байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing more is due: the sale is paid</source>
        <translation>Төлөх үлдэгдэл алга: борлуулалт төлөгдсөн</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sale is completed: its tenders cannot change</source>
        <translation>Борлуулалт дууссан: төлбөрүүдийг нь өөрчлөх боломжгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{due} is still due</source>
        <translation>Төлөх үлдэгдэл: {due}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A card terminal gives no change: charge at most {due}</source>
        <translation>Картын терминал хариулт өгөхгүй: дээд тал нь {due} авна уу</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A QPay payment may cover at most {due}</source>
        <translation>QPay төлбөр дээд тал нь {due} байж болно</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash applies at most {due} to the sale: the rest is change</source>
        <translation>Бэлэн мөнгөнөөс борлуулалтад дээд тал нь {due} тооцогдоно: үлдсэн нь хариулт</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The approval code is 4 to 12 letters or digits, as on the terminal&apos;s slip</source>
        <translation>Зөвшөөрлийн код нь терминалын баримт дээрхтэй адил 4-12 үсэг эсвэл цифр байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A QPay tender needs the id of its payment</source>
        <translation>QPay төлбөрт гүйлгээний дугаар нь хэрэгтэй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay payment id {value} is not valid</source>
        <translation>QPay гүйлгээний дугаар {value} буруу байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A QPay tender holds at most {maximum} payments</source>
        <translation>Нэг QPay төлбөрт дээд тал нь {maximum} гүйлгээ багтана</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no tender to take off</source>
        <translation>Хасах төлбөр алга</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the tender that covers the sale gives change</source>
        <translation>Зөвхөн борлуулалтыг бүрэн төлж дуусгасан төлбөрөөс хариулт өгнө</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash is whole tögrög: {value} has möngö</source>
        <translation>Бэлэн мөнгө бүхэл төгрөгөөр: {value} мөнгөтэй байна</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the cash that covers the sale is rounded, and by at most 50 ₮</source>
        <translation>Зөвхөн борлуулалтыг бүрэн төлж буй бэлэн мөнгийг тоймлох ба 50 ₮-өөс ихгүй</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{given} in cash would leave {change} of change: no till hands that back. Type what the customer gave</source>
        <translation>Бэлнээр {given} авбал {change} хариулт өгөх болно: ийм хариултыг ямар ч касс өгдөггүй. Худалдан авагчийн өгсөн дүнг оруулна уу</translation>
    </message>
</context>
<context>
    <name>TillPeople</name>
    <message>
        <location filename="../../pos_app/ui/people/till_people.py" line="+38"/>
        <source>give money back</source>
        <translation>мөнгө буцаах</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>void a tax receipt</source>
        <translation>татварын баримт хүчингүй болгох</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>change a price</source>
        <translation>үнэ өөрчлөх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>open Settings</source>
        <translation>Тохиргоо нээх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>open the drawer without a sale</source>
        <translation>борлуулалтгүйгээр шургуулга нээх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give a discount this large</source>
        <translation>ийм их хөнгөлөлт үзүүлэх</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set up people and PINs</source>
        <translation>ажилтан ба ПИН бүртгэх</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>A manager&apos;s PIN is needed to {what}.</source>
        <translation>Менежерийн ПИН хэрэгтэй: {what}.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+33"/>
        <source>That PIN is nobody&apos;s here. Try again.</source>
        <translation>Энэ ПИН хэнд ч хамаарахгүй. Дахин оролдоно уу.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>{name} is not a manager: a manager&apos;s PIN is needed.</source>
        <translation>{name} менежер биш: менежерийн ПИН шаардлагатай.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Enter your PIN to sign in.</source>
        <translation>Нэвтрэхийн тулд ПИН-ээ оруулна уу.</translation>
    </message>
</context>
</TS>
