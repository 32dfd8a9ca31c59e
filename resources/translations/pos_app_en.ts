<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AppStore</name>
    <message>
        <location filename="../../pos_app/app/store_bridge.py" line="+113"/>
        <source>The store&apos;s catalog is in use: {count} items (what is added from now on takes its prices).</source>
        <translation>The store&apos;s catalog is in use: {count} items (what is added from now on takes its prices).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The store server answers again: QPay sales go through it again, and what was sold directly is sent to it.</source>
        <translation>The store server answers again: QPay sales go through it again, and what was sold directly is sent to it.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The store server is not answering: selling directly with QPay (the shop&apos;s own account) until it is back. The till keeps trying.</source>
        <translation>The store server is not answering: selling directly with QPay (the shop&apos;s own account) until it is back. The till keeps trying.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The store server is not answering: QPay sales cannot be charged until it is back (cash and card terminal sales go on). The till keeps trying.</source>
        <translation>The store server is not answering: QPay sales cannot be charged until it is back (cash and card terminal sales go on). The till keeps trying.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Selling directly is allowed, but no password is stored for the direct QPay account: enter it in Settings (Ctrl+,).</source>
        <translation>Selling directly is allowed, but no password is stored for the direct QPay account: enter it in Settings (Ctrl+,).</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Selling directly with QPay: the store server is not answering.</source>
        <translation>Selling directly with QPay: the store server is not answering.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay sales go through the store server again.</source>
        <translation>QPay sales go through the store server again.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Store server: NOT ANSWERING · selling directly</source>
        <translation>Store server: NOT ANSWERING · selling directly</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Store server: NOT ANSWERING</source>
        <translation>Store server: NOT ANSWERING</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Store server</source>
        <translation>Store server</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>SELLING DIRECTLY WITH QPAY: the store server is not answering</source>
        <translation>SELLING DIRECTLY WITH QPAY: the store server is not answering</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>The store server answers again: QPay sales can be charged.</source>
        <translation>The store server answers again: QPay sales can be charged.</translation>
    </message>
</context>
<context>
    <name>BankList</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/bank_list.py" line="+33"/>
        <source>Bank apps that can pay this invoice</source>
        <translation>Bank apps that can pay this invoice</translation>
    </message>
</context>
<context>
    <name>Banks</name>
    <message>
        <location filename="../../pos_app/bank_names.py" line="+15"/>
        <source>qPay wallet</source>
        <translation>qPay wallet</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Khan bank</source>
        <translation>Khan bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State bank</source>
        <translation>State bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Xac bank</source>
        <translation>Xac bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trade and Development bank</source>
        <translation>Trade and Development bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Social Pay</source>
        <translation>Social Pay</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most money</source>
        <translation>Most money</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>National investment bank</source>
        <translation>National investment bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chinggis khaan bank</source>
        <translation>Chinggis khaan bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capitron bank</source>
        <translation>Capitron bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bogd bank</source>
        <translation>Bogd bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trans bank</source>
        <translation>Trans bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>M bank</source>
        <translation>M bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ard App</source>
        <translation>Ard App</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Toki App</source>
        <translation>Toki App</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arig bank</source>
        <translation>Arig bank</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Monpay</source>
        <translation>Monpay</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Golomt bank</source>
        <translation>Golomt bank</translation>
    </message>
</context>
<context>
    <name>Cart</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+46"/>
        <source>Type or scan a code, or quantity*code (e.g. 3*4901234567890)</source>
        <translation>Type or scan a code, or quantity*code (e.g. 3*4901234567890)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity {value} is not a number</source>
        <translation>Quantity {value} is not a number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity must be above 0 and at most {maximum}</source>
        <translation>Quantity must be above 0 and at most {maximum}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity may have at most 3 decimals</source>
        <translation>Quantity may have at most 3 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price {value} is not a number</source>
        <translation>Price {value} is not a number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price must be at least 0, below 10^12, with at most 2 decimals</source>
        <translation>Price must be at least 0, below 10^12, with at most 2 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A line&apos;s share of the sale discount must be from 0 to its amount</source>
        <translation>A line&apos;s share of the sale discount must be from 0 to its amount</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scale label {code}: item {item} is not in the catalog</source>
        <translation>Scale label {code}: item {item} is not in the catalog</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Description must be 1 to {maximum} characters</source>
        <translation>Description must be 1 to {maximum} characters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no line {number}</source>
        <translation>There is no line {number}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A sale holds at most {maximum} lines</source>
        <translation>A sale holds at most {maximum} lines</translation>
    </message>
</context>
<context>
    <name>CartModel</name>
    <message>
        <location filename="../../pos_app/ui/sale/cart/cart_model.py" line="+200"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Qty</source>
        <translation>Qty</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Free line</source>
        <translation>Free line</translation>
    </message>
</context>
<context>
    <name>CatalogImportDialog</name>
    <message>
        <location filename="../../pos_app/ui/settings/catalog_import.py" line="+61"/>
        <source>Import the catalog</source>
        <translation>Import the catalog</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Choose file…</source>
        <translation>Choose file…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A CSV file (UTF-8) or an Excel workbook (.xlsx) with the columns barcode, name, price, tax_product_code, classification_code, city_tax; pinned and unit may be added.</source>
        <translation>A CSV file (UTF-8) or an Excel workbook (.xlsx) with the columns barcode, name, price, tax_product_code, classification_code, city_tax; pinned and unit may be added.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Show only the rows to fix</source>
        <translation>Show only the rows to fix</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+177"/>
        <source>Choose the file to import.</source>
        <translation>Choose the file to import.</translation>
    </message>
    <message>
        <location line="-173"/>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Choose the catalog to import</source>
        <translation>Choose the catalog to import</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Catalogs (*.csv *.xlsx *.xlsm)</source>
        <translation>Catalogs (*.csv *.xlsx *.xlsm)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Excel workbooks (*.xlsx *.xlsm)</source>
        <translation>Excel workbooks (*.xlsx *.xlsm)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>All files (*)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Reading {file}…</source>
        <translation>Reading {file}…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Could not read {file}: {reason}. Nothing was imported.</source>
        <translation>Could not read {file}: {reason}. Nothing was imported.</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%Ln item(s)</source>
        <translation>
            <numerusform>%Ln item</numerusform>
            <numerusform>%Ln items</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This file cannot be imported: {reason} Nothing was imported.</source>
        <translation>This file cannot be imported: {reason} Nothing was imported.</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln row(s) need fixing</source>
        <translation>
            <numerusform>%Ln row needs fixing</numerusform>
            <numerusform>%Ln rows need fixing</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{items}; {rows}. Fix them in the file and choose it again: nothing is imported until every row is right.</source>
        <translation>{items}; {rows}. Fix them in the file and choose it again: nothing is imported until every row is right.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The file has no products to import.</source>
        <translation>The file has no products to import.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{items}, every row right. Import replaces the catalog the till sells from.</source>
        <translation>{items}, every row right. Import replaces the catalog the till sells from.</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>Importing %Ln item(s)…</source>
        <translation>
            <numerusform>Importing %Ln item…</numerusform>
            <numerusform>Importing %Ln items…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Could not save the catalog to {path}: {reason}. The catalog in use is unchanged; try again.</source>
        <translation>Could not save the catalog to {path}: {reason}. The catalog in use is unchanged; try again.</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Imported %Ln item(s) into {path}.</source>
        <translation>
            <numerusform>Imported %Ln item into {path}.</numerusform>
            <numerusform>Imported %Ln items into {path}.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CatalogPreviewModel</name>
    <message>
        <location filename="../../pos_app/ui/settings/catalog_preview.py" line="+99"/>
        <source>Line</source>
        <translation>Line</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Barcode</source>
        <translation>Barcode</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit</source>
        <translation>Unit</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tax codes</source>
        <translation>Tax codes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>City tax</source>
        <translation>City tax</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pinned</source>
        <translation>Pinned</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>To fix</source>
        <translation>To fix</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>file</source>
        <translation>file</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The header lacks the column(s): {value}.</source>
        <translation>The header lacks the column(s): {value}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>More than {value} products: a catalog holds no more.</source>
        <translation>More than {value} products: a catalog holds no more.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>More fields than the header has.</source>
        <translation>More fields than the header has.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fewer fields than the header has: is the row cut off?</source>
        <translation>Fewer fields than the header has: is the row cut off?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The barcode must be 1 to 64 characters without spaces.</source>
        <translation>The barcode must be 1 to 64 characters without spaces.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The name must be 1 to 255 characters.</source>
        <translation>The name must be 1 to 255 characters.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The price {value} is not a number.</source>
        <translation>The price {value} is not a number.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The price {value} must be at least 0 and below 10^12, with at most 2 decimals.</source>
        <translation>The price {value} must be at least 0 and below 10^12, with at most 2 decimals.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>City tax must be yes or no, not {value}.</source>
        <translation>City tax must be yes or no, not {value}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pinned must be yes or no, not {value}.</source>
        <translation>Pinned must be yes or no, not {value}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The unit {value} must be at most 16 characters, all printable.</source>
        <translation>The unit {value} must be at most 16 characters, all printable.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Barcode {value} is already on line {other}.</source>
        <translation>Barcode {value} is already on line {other}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is not valid CSV here ({value}).</source>
        <translation>The file is not valid CSV here ({value}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is not UTF-8 text from this line: save it as &quot;CSV UTF-8&quot;.</source>
        <translation>The file is not UTF-8 text from this line: save it as &quot;CSV UTF-8&quot;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This is an old Excel .xls workbook: save it as .xlsx or as &quot;CSV UTF-8&quot;.</source>
        <translation>This is an old Excel .xls workbook: save it as .xlsx or as &quot;CSV UTF-8&quot;.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is larger than {value} MB.</source>
        <translation>The file is larger than {value} MB.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file cannot be read: {value}.</source>
        <translation>The file cannot be read: {value}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The file is not an Excel workbook that can be read ({value}).</source>
        <translation>The file is not an Excel workbook that can be read ({value}).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The workbook has no sheet.</source>
        <translation>The workbook has no sheet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sheet cannot be read from here on ({value}).</source>
        <translation>The sheet cannot be read from here on ({value}).</translation>
    </message>
</context>
<context>
    <name>Counter</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+8"/>
        <source>A discount must be above 0</source>
        <translation>A discount must be above 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A discount may have at most 2 decimals</source>
        <translation>A discount may have at most 2 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A discount can be at most 100 %</source>
        <translation>A discount can be at most 100 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A discount must be below 10^12</source>
        <translation>A discount must be below 10^12</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount {value} is not a number or a percent</source>
        <translation>Discount {value} is not a number or a percent</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A name is 1 to {maximum} characters</source>
        <translation>A name is 1 to {maximum} characters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A PIN is 4 to 8 digits</source>
        <translation>A PIN is 4 to 8 digits</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Someone else uses that PIN: choose another</source>
        <translation>Someone else uses that PIN: choose another</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale label {code} did not read right (its check digit is wrong): scan or type it again</source>
        <translation>Scale label {code} did not read right (its check digit is wrong): scan or type it again</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale label {code} did not read right (the check digit of its weight or price is wrong): scan or type it again</source>
        <translation>Scale label {code} did not read right (the check digit of its weight or price is wrong): scan or type it again</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale label {code} shows no weight: weigh the item again</source>
        <translation>Scale label {code} shows no weight: weigh the item again</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale label {code} shows a price of 0: weigh the item again</source>
        <translation>Scale label {code} shows a price of 0: weigh the item again</translation>
    </message>
</context>
<context>
    <name>CustomerDisplay</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/customer_display.py" line="+66"/>
        <source>Customer display</source>
        <translation>Customer display</translation>
    </message>
    <message numerus="yes">
        <location line="+62"/>
        <source>… and %n line(s) before</source>
        <translation>
            <numerusform>… and %n line before</numerusform>
            <numerusform>… and %n lines before</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+21"/>
        <source>Amount to pay</source>
        <translation>Amount to pay</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>Please ask the cashier how to pay.</source>
        <translation>Please ask the cashier how to pay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scan with your bank app</source>
        <translation>Scan with your bank app</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+15"/>
        <source>Paid — thank you</source>
        <translation>Paid — thank you</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Total {total}</source>
        <translation>Total {total}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Your change</source>
        <translation>Your change</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid {amount}</source>
        <translation>Paid {amount}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Welcome</source>
        <translation>Welcome</translation>
    </message>
</context>
<context>
    <name>DayCloseDialog</name>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="+96"/>
        <source>Day close</source>
        <translation>Day close</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Day</source>
        <translation>&amp;Day</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+126"/>
        <source>Terminal: {}</source>
        <translation>Terminal: {}</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read the journal again (F5)</source>
        <translation>Read the journal again (F5)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the day&apos;s summary and its sales as CSV files (Ctrl+E)</source>
        <translation>Save the day&apos;s summary and its sales as CSV files (Ctrl+E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print…  (Ctrl+P)</source>
        <translation>Print…  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print the day&apos;s summary on the receipt printer (Ctrl+P)</source>
        <translation>Print the day&apos;s summary on the receipt printer (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="+74"/>
        <source>Count</source>
        <translation>Count</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Sales</source>
        <translation>Sales</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid sales</source>
        <translation>Paid sales</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Of which with a discount (taken off)</source>
        <translation>Of which with a discount (taken off)</translation>
    </message>
    <message>
        <location line="-68"/>
        <location line="+71"/>
        <source>Given back</source>
        <translation>Given back</translation>
    </message>
    <message>
        <location line="-104"/>
        <source>QPay card</source>
        <translation>QPay card</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay bank transfer</source>
        <translation>QPay bank transfer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay {kind}</source>
        <translation>QPay {kind}</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>By tender</source>
        <translation>By tender</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Paid</source>
        <translation>Paid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Net</source>
        <translation>Net</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Cash rounding (whole tögrög)</source>
        <translation>Cash rounding (whole tögrög)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Net (paid − given back)</source>
        <translation>Net (paid − given back)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipts issued</source>
        <translation>Receipts issued</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipts voided</source>
        <translation>Receipts voided</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Receipts still valid after a return</source>
        <translation>Receipts still valid after a return</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelled / expired / failed</source>
        <translation>Cancelled / expired / failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled invoices</source>
        <translation>Cancelled invoices</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired invoices</source>
        <translation>Expired invoices</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed (no invoice made)</source>
        <translation>Failed (no invoice made)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Given back (cancel / refund)</source>
        <translation>Given back (cancel / refund)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>By bank</source>
        <translation>By bank</translation>
    </message>
    <message>
        <location line="-144"/>
        <location line="+146"/>
        <source>Unknown</source>
        <translation>Unknown</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+10"/>
        <source>No payments</source>
        <translation>No payments</translation>
    </message>
    <message>
        <location line="-37"/>
        <source>Needs attention</source>
        <translation>Needs attention</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Given back, no answer yet</source>
        <translation>Given back, no answer yet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Given back, failed</source>
        <translation>Given back, failed</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt voids, no answer yet</source>
        <translation>Receipt voids, no answer yet</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Unfinished sales</source>
        <translation>Unfinished sales</translation>
    </message>
    <message>
        <location line="-129"/>
        <source>Cash</source>
        <translation>Cash</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card terminal</source>
        <translation>Card terminal</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>Cancelled or handed back</source>
        <translation>Cancelled or handed back</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Net: —</source>
        <translation>Net: —</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Net: {}</source>
        <translation>Net: {}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{day}: {begun} sales begun, {paid} paid ({paid_amount}), {given_back} given back</source>
        <translation>{day}: {begun} sales begun, {paid} paid ({paid_amount}), {given_back} given back</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{} item(s) need attention: see “Needs attention”.</source>
        <translation>{} item(s) need attention: see “Needs attention”.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="+124"/>
        <source>Loading…</source>
        <translation>Loading…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not read the journal: {}</source>
        <translation>Could not read the journal: {}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Read at {}.</source>
        <translation>Read at {}.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+106"/>
        <source>Save the day as CSV</source>
        <translation>Save the day as CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Saving…</source>
        <translation>Saving…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not save {path}: {reason}. Nothing was changed; choose another folder and try again.</source>
        <translation>Could not save {path}: {reason}. Nothing was changed; choose another folder and try again.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Could not save {path} ({error}).</source>
        <translation>Could not save {path} ({error}).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved to {summary} and {sales}.</source>
        <translation>Saved to {summary} and {sales}.</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Printing…</source>
        <translation>Printing…</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>Back</source>
        <translation>Back</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="-100"/>
        <source>City tax with receipt</source>
        <translation>City tax with receipt</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>City tax without receipt</source>
        <translation>City tax without receipt</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+0"/>
        <source>Close the day</source>
        <translation>Close the day</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="-158"/>
        <location line="+77"/>
        <source>Close the day…</source>
        <translation>Close the day…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="-4"/>
        <source>Close {day}? Its figures are stored as they are now and never change; what happens after this counts on the next day.</source>
        <translation>Close {day}? Its figures are stored as they are now and never change; what happens after this counts on the next day.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="+89"/>
        <source>Closed at {moment}: these are the figures stored then.</source>
        <translation>Closed at {moment}: these are the figures stored then.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+29"/>
        <source>Closing the day…</source>
        <translation>Closing the day…</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Could not close the day: {}</source>
        <translation>Could not close the day: {}</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="-4"/>
        <source>Counted from {moment}, when the day before was closed.</source>
        <translation>Counted from {moment}, when the day before was closed.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Receipt still valid after a return: {numbers}. Correct it in the ebarimt portal, then a manager marks it settled in the sales history (Shift+F8).</source>
        <translation>Receipt still valid after a return: {numbers}. Correct it in the ebarimt portal, then a manager marks it settled in the sales history (Shift+F8).</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="+0"/>
        <source>Day closed</source>
        <translation>Day closed</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="+7"/>
        <source>Day closed at {}. Its figures are stored and stay as they are.</source>
        <translation>Day closed at {}. Its figures are stored and stay as they are.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="-125"/>
        <source>Of which paid beyond the total</source>
        <translation>Of which paid beyond the total</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Owed a receipt</source>
        <translation>Owed a receipt</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Owed a receipt: {numbers}</source>
        <translation>Owed a receipt: {numbers}</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Paid without receipt</source>
        <translation>Paid without receipt</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>Receipts and taxes</source>
        <translation>Receipts and taxes</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/dialog.py" line="-75"/>
        <source>Store the day&apos;s figures as its Z report: they never change afterwards, and what happens later counts on the next day</source>
        <translation>Store the day&apos;s figures as its Z report: they never change afterwards, and what happens later counts on the next day</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/actions.py" line="-14"/>
        <source>This day was already closed; its stored figures are shown.</source>
        <translation>This day was already closed; its stored figures are shown.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/figures.py" line="+3"/>
        <source>VAT with receipt</source>
        <translation>VAT with receipt</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>VAT without receipt</source>
        <translation>VAT without receipt</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/day_close/shop.py" line="+66"/>
        <source>This till</source>
        <translation>This till</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Whole shop</source>
        <translation>Whole shop</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every till of the shop added up, as the store has their journals</source>
        <translation>Every till of the shop added up, as the store has their journals</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Reading the shop&apos;s figures from the store…</source>
        <translation>Reading the shop&apos;s figures from the store…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The store did not answer: showing this till only.</source>
        <translation>The store did not answer: showing this till only.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>this shop</source>
        <translation>this shop</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shop: {shop}, {tills} till(s)</source>
        <translation>Shop: {shop}, {tills} till(s)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The whole shop, as the store had it at {}.</source>
        <translation>The whole shop, as the store had it at {}.</translation>
    </message>
</context>
<context>
    <name>DiscountDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/discount.py" line="+32"/>
        <source>Discount</source>
        <translation>Discount</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{what}: {amount}</source>
        <translation>{what}: {amount}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>10% or an amount, such as 500</source>
        <translation>10% or an amount, such as 500</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Give</source>
        <translation>Give</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>A discount of {discount} is more than the {amount} it is taken from: type at most {amount} (or 100%).</source>
        <translation>A discount of {discount} is more than the {amount} it is taken from: type at most {amount} (or 100%).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A discount above {limit} % needs a manager&apos;s PIN, and no manager is set up: give at most {limit} %, or have the owner set up a manager (Till → People and PINs) or raise the limit in Settings.</source>
        <translation>A discount above {limit} % needs a manager&apos;s PIN, and no manager is set up: give at most {limit} %, or have the owner set up a manager (Till → People and PINs) or raise the limit in Settings.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No discount.</source>
        <translation>No discount.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Takes off {off}: {total} to pay.</source>
        <translation>Takes off {off}: {total} to pay.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Above the limit of {limit} %: a manager&apos;s PIN is asked.</source>
        <translation>Above the limit of {limit} %: a manager&apos;s PIN is asked.</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <location filename="../../pos_app/ui/common/error_words.py" line="+29"/>
        <source>The invoice code in Settings is not valid for this merchant. Call the manager.</source>
        <translation>The invoice code in Settings is not valid for this merchant. Call the manager.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The invoice needs at least one line. Add an item and charge again.</source>
        <translation>The invoice needs at least one line. Add an item and charge again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The amount is below the merchant&apos;s minimum.</source>
        <translation>The amount is below the merchant&apos;s minimum.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The amount is above the merchant&apos;s maximum. Split the sale.</source>
        <translation>The amount is above the merchant&apos;s maximum. Split the sale.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The service refused the amount.</source>
        <translation>The service refused the amount.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The merchant account is disabled. Call the manager.</source>
        <translation>The merchant account is disabled. Call the manager.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The merchant account does not exist. Check Settings.</source>
        <translation>The merchant account does not exist. Check Settings.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The service does not know this invoice. Check the sale in the history (F4).</source>
        <translation>The service does not know this invoice. Check the sale in the history (F4).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The till asked the service in a way it does not accept. Call support.</source>
        <translation>The till asked the service in a way it does not accept. Call support.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know this payment. Check the sale in the history (F4).</source>
        <translation>The service does not know this payment. Check the sale in the history (F4).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The payment was already given back.</source>
        <translation>The payment was already given back.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only a card payment can be given back here; a bank transfer is returned by the bank. Call the manager.</source>
        <translation>Only a card payment can be given back here; a bank transfer is returned by the bank. Call the manager.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant is not registered for ebarimt. Call the manager.</source>
        <translation>The merchant is not registered for ebarimt. Call the manager.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The bank did not approve the payment. Ask the customer for another payment (another card or bank app).</source>
        <translation>The bank did not approve the payment. Ask the customer for another payment (another card or bank app).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>That QR code was already paid or used. Charge again for a new QR code.</source>
        <translation>That QR code was already paid or used. Charge again for a new QR code.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know this QR code. Charge again for a new one.</source>
        <translation>The service does not know this QR code. Charge again for a new one.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service found the sale&apos;s details wrong (an amount or an item). Check the sale and charge again; if it repeats, call support.</source>
        <translation>The service found the sale&apos;s details wrong (an amount or an item). Check the sale and charge again; if it repeats, call support.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The invoice code expects bank transfer details the till does not send. Call the manager to check the invoice code.</source>
        <translation>The invoice code expects bank transfer details the till does not send. Call the manager to check the invoice code.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant account has no permission for this. Call the manager to ask QPay for it.</source>
        <translation>The merchant account has no permission for this. Call the manager to ask QPay for it.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax receipt needs each item&apos;s tax details. The manager checks the items&apos; taxes in the catalog; then charge again.</source>
        <translation>The tax receipt needs each item&apos;s tax details. The manager checks the items&apos; taxes in the catalog; then charge again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An item lacks its tax product code (БҮНА code) in the catalog. The manager adds it; then charge again.</source>
        <translation>An item lacks its tax product code (БҮНА code) in the catalog. The manager adds it; then charge again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The organisation&apos;s register number is wrong. Check its 7 digits and enter it again.</source>
        <translation>The organisation&apos;s register number is wrong. Check its 7 digits and enter it again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The tax receipt&apos;s QR code is not valid. Issue the receipt again; if it repeats, call support.</source>
        <translation>The tax receipt&apos;s QR code is not valid. Issue the receipt again; if it repeats, call support.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know this customer. Check the buyer&apos;s register number and try again.</source>
        <translation>The service does not know this customer. Check the buyer&apos;s register number and try again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This customer is already registered at the service. Use the registered customer; if unsure, call the manager.</source>
        <translation>This customer is already registered at the service. Use the registered customer; if unsure, call the manager.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the buyer&apos;s details. Call the manager: QPay can change the invoice code.</source>
        <translation>This invoice code requires the buyer&apos;s details. Call the manager: QPay can change the invoice code.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This invoice code requires the buyer&apos;s address. Call the manager: QPay can change the invoice code.</source>
        <translation>This invoice code requires the buyer&apos;s address. Call the manager: QPay can change the invoice code.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the buyer&apos;s e-mail address. Call the manager: QPay can change the invoice code.</source>
        <translation>This invoice code requires the buyer&apos;s e-mail address. Call the manager: QPay can change the invoice code.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the buyer&apos;s phone number. Call the manager: QPay can change the invoice code.</source>
        <translation>This invoice code requires the buyer&apos;s phone number. Call the manager: QPay can change the invoice code.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This invoice code requires the shop&apos;s branch details. Call the manager: QPay can change the invoice code.</source>
        <translation>This invoice code requires the shop&apos;s branch details. Call the manager: QPay can change the invoice code.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This invoice code is already registered to another use. Call the manager to check the invoice code in Settings.</source>
        <translation>This invoice code is already registered to another use. Call the manager to check the invoice code in Settings.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An input code of this invoice code is already registered. Call the manager to check the invoice code with QPay.</source>
        <translation>An input code of this invoice code is already registered. Call the manager to check the invoice code with QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not know an input of this invoice code. Call the manager to check the invoice code with QPay.</source>
        <translation>The service does not know an input of this invoice code. Call the manager to check the invoice code with QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service has no record of what was asked. Check the sale in the history (F4); if it repeats, call support.</source>
        <translation>The service has no record of what was asked. Check the sale in the history (F4); if it repeats, call support.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The service does not know the till&apos;s QPay user. Check the user name in Settings.</source>
        <translation>The service does not know the till&apos;s QPay user. Check the user name in Settings.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This QPay user name is already taken. Call the manager.</source>
        <translation>This QPay user name is already taken. Call the manager.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This merchant is already registered at QPay. Nothing to change at the till; call the manager.</source>
        <translation>This merchant is already registered at QPay. Nothing to change at the till; call the manager.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant&apos;s QR account is disabled. Call the manager to contact QPay.</source>
        <translation>The merchant&apos;s QR account is disabled. Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant has no QR account at QPay. Call the manager to contact QPay.</source>
        <translation>The merchant has no QR account at QPay. Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay does not know the merchant&apos;s card terminal. Call the manager to contact QPay.</source>
        <translation>QPay does not know the merchant&apos;s card terminal. Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Payment by QPay bank transfer is not set up for the merchant. Call the manager to contact QPay.</source>
        <translation>Payment by QPay bank transfer is not set up for the merchant. Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay does not find the merchant&apos;s bank account. Call the manager to check the bank account with QPay.</source>
        <translation>QPay does not find the merchant&apos;s bank account. Call the manager to check the bank account with QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The bank account chosen for this payment is not valid for the merchant. Call the manager to check the merchant&apos;s bank accounts.</source>
        <translation>The bank account chosen for this payment is not valid for the merchant. Call the manager to check the merchant&apos;s bank accounts.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The merchant&apos;s bank account is registered twice. Call the manager to contact QPay.</source>
        <translation>The merchant&apos;s bank account is registered twice. Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay does not know the merchant&apos;s business category (MCC). Call the manager to contact QPay.</source>
        <translation>QPay does not know the merchant&apos;s business category (MCC). Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The bank does not know the merchant&apos;s business category (MCC). Call the manager to contact QPay.</source>
        <translation>The bank does not know the merchant&apos;s business category (MCC). Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant&apos;s business category (MCC) is already added at the bank. Call the manager to contact QPay.</source>
        <translation>The merchant&apos;s business category (MCC) is already added at the bank. Call the manager to contact QPay.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The service found a detail of the request missing or wrong. Check the sale and try again; if it repeats, call support.</source>
        <translation>The service found a detail of the request missing or wrong. Check the sale and try again; if it repeats, call support.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service did not accept the till&apos;s login (another till may have logged in with the same account). Try again; if it repeats, check the user name and password in Settings.</source>
        <translation>The service did not accept the till&apos;s login (another till may have logged in with the same account). Try again; if it repeats, check the user name and password in Settings.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>QPay does not allow this for the merchant account. Call the manager to ask QPay for it.</source>
        <translation>QPay does not allow this for the merchant account. Call the manager to ask QPay for it.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service already has this (sent twice?). Check the sale in the history (F4) before trying again.</source>
        <translation>The service already has this (sent twice?). Check the sale in the history (F4) before trying again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service does not find what the till asked for. Check the sale in the history (F4).</source>
        <translation>The service does not find what the till asked for. Check the sale in the history (F4).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment service had an internal error. Wait a minute and try again; if it repeats, call support.</source>
        <translation>The payment service had an internal error. Wait a minute and try again; if it repeats, call support.</translation>
    </message>
    <message>
        <location line="-117"/>
        <source>The invoice is already paid.</source>
        <translation>The invoice is already paid.</translation>
    </message>
    <message>
        <location line="-15"/>
        <location line="+2"/>
        <source>The till did not log in to the payment service. Try again; if it repeats, call support.</source>
        <translation>The till did not log in to the payment service. Try again; if it repeats, call support.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The invoice is already cancelled.</source>
        <translation>The invoice is already cancelled.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The payment is not complete yet.</source>
        <translation>The payment is not complete yet.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This receipt cannot be cancelled through QPay. Call the manager.</source>
        <translation>This receipt cannot be cancelled through QPay. Call the manager.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service has no receipt for this payment.</source>
        <translation>The service has no receipt for this payment.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The service refused the request&apos;s details.</source>
        <translation>The service refused the request&apos;s details.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+206"/>
        <source>The answer was lost on the way; check the sale before trying again.</source>
        <translation>The answer was lost on the way; check the sale before trying again.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/error_words.py" line="-1"/>
        <location filename="../../pos_app/ui/common/messages.py" line="+2"/>
        <source>The service is busy. Wait a few seconds and try again.</source>
        <translation>The service is busy. Wait a few seconds and try again.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="+6"/>
        <source>No connection to the payment service. Check the network and try again.</source>
        <translation>No connection to the payment service. Check the network and try again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The merchant account may not do this. Call the manager.</source>
        <translation>The merchant account may not do this. Call the manager.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/error_words.py" line="-32"/>
        <source>The payment service refused the login. Check the username and password in Settings.</source>
        <translation>The payment service refused the login. Check the username and password in Settings.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="-14"/>
        <source>The answer to its first request was lost on an earlier day: look the receipt up in PosAPI before issuing another.</source>
        <translation>The answer to its first request was lost on an earlier day: look the receipt up in PosAPI before issuing another.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The store server&apos;s certificate changed: it is not the one pinned at this till, so nothing was sent to it. Ask the owner to compare it with what &apos;pos-store certificate&apos; prints and pin it again (Settings, Test connection).</source>
        <translation>The store server&apos;s certificate changed: it is not the one pinned at this till, so nothing was sent to it. Ask the owner to compare it with what &apos;pos-store certificate&apos; prints and pin it again (Settings, Test connection).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The payment service has a problem on its side. Try again in a minute.</source>
        <translation>The payment service has a problem on its side. Try again in a minute.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The service refused it.</source>
        <translation>The service refused it.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Unexpected error. Try again; if it repeats, call support.</source>
        <translation>Unexpected error. Try again; if it repeats, call support.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/common/posapi_words.py" line="+60"/>
        <source>PosAPI&apos;s answer was lost. The till asks it again by itself, with the same bill number, so the receipt is never made twice.</source>
        <translation>PosAPI&apos;s answer was lost. The till asks it again by itself, with the same bill number, so the receipt is never made twice.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PosAPI is not answering. The sale is saved; its receipt is issued as soon as PosAPI answers again.</source>
        <translation>PosAPI is not answering. The sale is saved; its receipt is issued as soon as PosAPI answers again.</translation>
    </message>
    <message>
        <location line="-33"/>
        <location line="+36"/>
        <source>PosAPI has no lottery numbers left: send its data to the tax system (PosAPI&apos;s sendData) and try again.</source>
        <translation>PosAPI has no lottery numbers left: send its data to the tax system (PosAPI&apos;s sendData) and try again.</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>The tax system does not know this organization: check the register number with the customer, or issue the receipt to an individual.</source>
        <translation>The tax system does not know this organization: check the register number with the customer, or issue the receipt to an individual.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>PosAPI does not know this shop as set in Settings: the manager checks the shop&apos;s TIN, POS and branch number (Settings, Tax receipt).</source>
        <translation>PosAPI does not know this shop as set in Settings: the manager checks the shop&apos;s TIN, POS and branch number (Settings, Tax receipt).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Another till used this bill number today: give each till its own number on receipts (Settings, Tax receipt, Till), then try again.</source>
        <translation>Another till used this bill number today: give each till its own number on receipts (Settings, Tax receipt, Till), then try again.</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+2"/>
        <location line="+35"/>
        <source>PosAPI has not sent its receipts to the tax system for too long: send its data (sendData) and try again.</source>
        <translation>PosAPI has not sent its receipts to the tax system for too long: send its data (sendData) and try again.</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>PosAPI refused the shop&apos;s district code: the manager sets it (Settings, Tax receipt), then try again.</source>
        <translation>PosAPI refused the shop&apos;s district code: the manager sets it (Settings, Tax receipt), then try again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI has no bank account of the shop for this payment: the manager registers it with the tax system, then try again.</source>
        <translation>PosAPI has no bank account of the shop for this payment: the manager registers it with the tax system, then try again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>An item&apos;s tax type needs its product tax code: the manager checks the item&apos;s tax settings, then try again.</source>
        <translation>An item&apos;s tax type needs its product tax code: the manager checks the item&apos;s tax settings, then try again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI voids receipts to individuals only: an organization&apos;s receipt is corrected by returning its items in the history (Shift+F7).</source>
        <translation>PosAPI voids receipts to individuals only: an organization&apos;s receipt is corrected by returning its items in the history (Shift+F7).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI says the receipt was voided or corrected already: look at the sale in the history (F4).</source>
        <translation>PosAPI says the receipt was voided or corrected already: look at the sale in the history (F4).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI does not find the receipt at its date: void it in PosAPI itself, then mark it in the history.</source>
        <translation>PosAPI does not find the receipt at its date: void it in PosAPI itself, then mark it in the history.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A receipt for last month can be issued on the first seven days of a month only: issue it for this month.</source>
        <translation>A receipt for last month can be issued on the first seven days of a month only: issue it for this month.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI refused the sale&apos;s payments: check that they cover the total in the history (F4); if it repeats, call support with the sale number.</source>
        <translation>PosAPI refused the sale&apos;s payments: check that they cover the total in the history (F4); if it repeats, call support with the sale number.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI found the receipt&apos;s sums do not add up: the sale is kept; call support with the sale number.</source>
        <translation>PosAPI found the receipt&apos;s sums do not add up: the sale is kept; call support with the sale number.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>No organization has the register number {register} in the tax system: check the number with the customer.</source>
        <translation>No organization has the register number {register} in the tax system: check the number with the customer.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The tax system&apos;s look-up is not answering: check the network, then press Enter to look again.</source>
        <translation>The tax system&apos;s look-up is not answering: check the network, then press Enter to look again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The tax system&apos;s look-up answered in a way the till cannot read: press Enter to look again; if it repeats, call support.</source>
        <translation>The tax system&apos;s look-up answered in a way the till cannot read: press Enter to look again; if it repeats, call support.</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>PosAPI has a problem on its side. Try again in a minute.</source>
        <translation>PosAPI has a problem on its side. Try again in a minute.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>PosAPI does not know this receipt: look it up in PosAPI before trying again.</source>
        <translation>PosAPI does not know this receipt: look it up in PosAPI before trying again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PosAPI refused it: the sale is kept. The manager reads PosAPI&apos;s reason in the history&apos;s details (F4); if it repeats, call support with the sale number.</source>
        <translation>PosAPI refused it: the sale is kept. The manager reads PosAPI&apos;s reason in the history&apos;s details (F4); if it repeats, call support with the sale number.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI answered in a way the till cannot read. Try again; if it repeats, call support.</source>
        <translation>PosAPI answered in a way the till cannot read. Try again; if it repeats, call support.</translation>
    </message>
</context>
<context>
    <name>FreeLineDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+32"/>
        <source>Free line</source>
        <translation>Free line</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>e.g. 2500 or 2500.50</source>
        <translation>e.g. 2500 or 2500.50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax applies (alcohol, tobacco, fuel…)</source>
        <translation>City tax applies (alcohol, tobacco, fuel…)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quantity</source>
        <translation>Quantity</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unit price (₮)</source>
        <translation>Unit price (₮)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add line</source>
        <translation>Add line</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>GiveBackDialog</name>
    <message>
        <location filename="../../pos_app/ui/history/give_back_dialog.py" line="+51"/>
        <source>Give back payment</source>
        <translation>Give back payment</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: {amount}</source>
        <translation>Sale {number}: {amount}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Card payment, {bank}: &lt;b&gt;{amount}&lt;/b&gt; &lt;span style=&apos;color:#616e7c&apos;&gt;({payment_id})&lt;/span&gt;</source>
        <translation>Card payment, {bank}: &lt;b&gt;{amount}&lt;/b&gt; &lt;span style=&apos;color:#616e7c&apos;&gt;({payment_id})&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bank not given</source>
        <translation>bank not given</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cash &lt;b&gt;{amount}&lt;/b&gt;: give it back from the drawer</source>
        <translation>Cash &lt;b&gt;{amount}&lt;/b&gt;: give it back from the drawer</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No payments recorded.</source>
        <translation>No payments recorded.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The same day, before the bank settles it: the charge disappears from the customer&apos;s card.</source>
        <translation>The same day, before the bank settles it: the charge disappears from the customer&apos;s card.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>After the bank has settled it (usually from the next day): the money goes back to the customer&apos;s card within a few days.</source>
        <translation>After the bank has settled it (usually from the next day): the money goes back to the customer&apos;s card within a few days.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancel or refund</source>
        <translation>Cancel or refund</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>for example: item returned</source>
        <translation>for example: item returned</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Also cancel the tax receipt ({receipt})  (Alt+T)</source>
        <translation>Also cancel the tax receipt ({receipt})  (Alt+T)</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>Record as given back  (Ctrl+Enter)</source>
        <translation>Record as given back  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancel the payment  (Ctrl+Enter)</source>
        <translation>Cancel the payment  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refund the payment  (Ctrl+Enter)</source>
        <translation>Refund the payment  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="-111"/>
        <source>Cancel the card payment  (Alt+C)</source>
        <translation>Cancel the card payment  (Alt+C)</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Card terminal: &lt;b&gt;{amount}&lt;/b&gt; (approval {code}): refund it on the bank&apos;s terminal</source>
        <translation>Card terminal: &lt;b&gt;{amount}&lt;/b&gt; (approval {code}): refund it on the bank&apos;s terminal</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Refund the card payment  (Alt+R)</source>
        <translation>Refund the card payment  (Alt+R)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Return sale</source>
        <translation>Return sale</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reason (required, Alt+S):</source>
        <translation>Reason (required, Alt+S):</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Voids the ebarimt in the tax system, so the tax record matches the money given back.</source>
        <translation>Voids the ebarimt in the tax system, so the tax record matches the money given back.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Give back</source>
        <translation>Give back</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Back  (Esc)</source>
        <translation>Back  (Esc)</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Say why the payment is given back (for example: item returned).</source>
        <translation>Say why the payment is given back (for example: item returned).</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>The reason is too long: at most %n characters.</source>
        <translation>
            <numerusform>The reason is too long: at most %n character.</numerusform>
            <numerusform>The reason is too long: at most %n characters.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>History</name>
    <message>
        <location filename="../../pos_app/ui/history/model.py" line="+78"/>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Card payment cancelled</source>
        <translation>Card payment cancelled</translation>
    </message>
    <message>
        <location line="-3"/>
        <location line="+5"/>
        <source>, receipt still valid</source>
        <translation>, receipt still valid</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Returned</source>
        <translation>Returned</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled, payments handed back</source>
        <translation>Cancelled, payments handed back</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Refund pending…</source>
        <translation>Refund pending…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Card cancel pending…</source>
        <translation>Card cancel pending…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt being voided…</source>
        <translation>Receipt being voided…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt voided, money kept: owed a receipt</source>
        <translation>Receipt voided, money kept: owed a receipt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt voided</source>
        <translation>Receipt voided</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Completed, no receipt (no PosAPI)</source>
        <translation>Completed, no receipt (no PosAPI)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt pending: PosAPI is asked again</source>
        <translation>Receipt pending: PosAPI is asked again</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Being paid at the counter</source>
        <translation>Being paid at the counter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Creating invoice…</source>
        <translation>Creating invoice…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waiting for payment</source>
        <translation>Waiting for payment</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not created</source>
        <translation>Not created</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid, no receipt</source>
        <translation>Paid, no receipt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt pending…</source>
        <translation>Receipt pending…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Completed</source>
        <translation>Completed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expired</source>
        <translation>Expired</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · give back failed</source>
        <translation> · give back failed</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Partly returned</source>
        <translation>Partly returned</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned by items</source>
        <translation>Returned by items</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, QPay refused a refund: check again (F5)</source>
        <translation>, QPay refused a refund: check again (F5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, QPay&apos;s refund pending…</source>
        <translation>, QPay&apos;s refund pending…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt still valid: needs attention</source>
        <translation>, receipt still valid: needs attention</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt being corrected…</source>
        <translation>, receipt being corrected…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt being voided…</source>
        <translation>, receipt being voided…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, owed a receipt</source>
        <translation>, owed a receipt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, receipt settled by a manager</source>
        <translation>, receipt settled by a manager</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Refund</source>
        <translation>Refund</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card payment cancel</source>
        <translation>Card payment cancel</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>QPay card</source>
        <translation>QPay card</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QPay bank transfer</source>
        <translation>QPay bank transfer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash</source>
        <translation>Cash</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Card terminal</source>
        <translation>Card terminal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not given</source>
        <translation>not given</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale started</source>
        <translation>Sale started</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice created</source>
        <translation>Invoice created</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice not created</source>
        <translation>Invoice not created</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice cancel asked</source>
        <translation>Invoice cancel asked</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice cancelled</source>
        <translation>Invoice cancelled</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice cancel failed</source>
        <translation>Invoice cancel failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid</source>
        <translation>Paid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt asked</source>
        <translation>Receipt asked</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt issued</source>
        <translation>Receipt issued</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt failed</source>
        <translation>Receipt failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invoice expired</source>
        <translation>Invoice expired</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give back asked</source>
        <translation>Give back asked</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment given back</source>
        <translation>Payment given back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give back failed</source>
        <translation>Give back failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancel asked</source>
        <translation>Receipt cancel asked</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancelled</source>
        <translation>Receipt cancelled</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancel failed</source>
        <translation>Receipt cancel failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment taken at the counter</source>
        <translation>Payment taken at the counter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay invoice for the rest</source>
        <translation>QPay invoice for the rest</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payments handed back</source>
        <translation>Payments handed back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Returned: money given back</source>
        <translation>Returned: money given back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt asked for again (same bill number)</source>
        <translation>Receipt asked for again (same bill number)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt found issued (its answer was lost)</source>
        <translation>Receipt found issued (its answer was lost)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Items returned: money given back</source>
        <translation>Items returned: money given back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay&apos;s part of a return answered</source>
        <translation>QPay&apos;s part of a return answered</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay asked to give a return&apos;s part back</source>
        <translation>QPay asked to give a return&apos;s part back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay refused to give a return&apos;s part back</source>
        <translation>QPay refused to give a return&apos;s part back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt correction asked (replaces the last one)</source>
        <translation>Receipt correction asked (replaces the last one)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt left valid: settled by a manager</source>
        <translation>Receipt left valid: settled by a manager</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>items worth {amount}</source>
        <translation>items worth {amount}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>bill {bill}</source>
        <translation>bill {bill}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lottery {lottery}</source>
        <translation>lottery {lottery}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replaces {receipt}</source>
        <translation>replaces {receipt}</translation>
    </message>
</context>
<context>
    <name>HistoryDialog</name>
    <message>
        <location filename="../../pos_app/ui/history/dialog.py" line="+97"/>
        <source>Sales history</source>
        <translation>Sales history</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Today  (Ctrl+T)</source>
        <translation>Today  (Ctrl+T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh  (Ctrl+R)</source>
        <translation>Refresh  (Ctrl+R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close  (Esc)</source>
        <translation>Close  (Esc)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;From</source>
        <translation>&amp;From</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>t&amp;o</source>
        <translation>t&amp;o</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Cancel invoice  (F6)</source>
        <translation>Cancel invoice  (F6)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give back payment…  (F7)</source>
        <translation>Give back payment…  (F7)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return items…  (Shift+F7)</source>
        <translation>Return items…  (Shift+F7)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel receipt  (F8)</source>
        <translation>Cancel receipt  (F8)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt settled…  (Shift+F8)</source>
        <translation>Receipt settled…  (Shift+F8)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reprint  (Ctrl+P)</source>
        <translation>Reprint  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check again  (F5)</source>
        <translation>Check again  (F5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel the sale&apos;s open invoice: its QR code stops working.</source>
        <translation>Cancel the sale&apos;s open invoice: its QR code stops working.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Void the sale&apos;s tax receipt (ebarimt) in the tax system.</source>
        <translation>Void the sale&apos;s tax receipt (ebarimt) in the tax system.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print the sale and its receipt again.</source>
        <translation>Print the sale and its receipt again.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ask the payment service how an unfinished step ended.</source>
        <translation>Ask the payment service how an unfinished step ended.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return some of the sale&apos;s items and give their money back.</source>
        <translation>Return some of the sale&apos;s items and give their money back.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A manager records that the receipt was put right elsewhere.</source>
        <translation>A manager records that the receipt was put right elsewhere.</translation>
    </message>
    <message>
        <location line="+106"/>
        <source>The first day is after the last day: change one of them.</source>
        <translation>The first day is after the last day: change one of them.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The sales could not be read from the journal.</source>
        <translation>The sales could not be read from the journal.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/details.py" line="+174"/>
        <source>The sale&apos;s event log could not be read.</source>
        <translation>The sale&apos;s event log could not be read.</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>Sale {number}</source>
        <translation>Sale {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VAT</source>
        <translation>VAT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax</source>
        <translation>City tax</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Invoice</source>
        <translation>Invoice</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lines</source>
        <translation>Lines</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Qty</source>
        <translation>Qty</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+11"/>
        <location line="+10"/>
        <location line="+28"/>
        <location line="+20"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>Payments</source>
        <translation>Payments</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>given {amount}, rounding {rounding}</source>
        <translation>given {amount}, rounding {rounding}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>given {amount}</source>
        <translation>given {amount}</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Bank</source>
        <translation>Bank</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment id</source>
        <translation>Payment id</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Tax receipt</source>
        <translation>Tax receipt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bill {bill}: answer lost</source>
        <translation>bill {bill}: answer lost</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipt id</source>
        <translation>Receipt id</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lottery</source>
        <translation>Lottery</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receiver</source>
        <translation>Receiver</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+48"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>settled: {note}</source>
        <translation>settled: {note}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Items returned</source>
        <translation>Items returned</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Items</source>
        <translation>Items</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Given back</source>
        <translation>Given back</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>refused: {reason}</source>
        <translation>refused: {reason}</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+46"/>
        <source>Being issued…</source>
        <translation>Being issued…</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>Not issued (the last try failed).</source>
        <translation>Not issued (the last try failed).</translation>
    </message>
    <message>
        <location line="-26"/>
        <location line="+28"/>
        <source>None.</source>
        <translation>None.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/dialog.py" line="-134"/>
        <source>Issue receipt  (F9)</source>
        <translation>Issue receipt  (F9)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Issue the tax receipt of a paid sale that has none.</source>
        <translation>Issue the tax receipt of a paid sale that has none.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/details.py" line="-82"/>
        <source>No sale selected.</source>
        <translation>No sale selected.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reading the event log…</source>
        <translation>Reading the event log…</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>void refused: {reason}</source>
        <translation>void refused: {reason}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The money was kept but has no valid receipt: issue one with Issue receipt (F9).</source>
        <translation>The money was kept but has no valid receipt: issue one with Issue receipt (F9).</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Payment given back</source>
        <translation>Payment given back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pending: the answer was not recorded</source>
        <translation>Pending: the answer was not recorded</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed: the payment is still paid</source>
        <translation>Failed: the payment is still paid</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed half-way: {amount} went back, the rest is still paid</source>
        <translation>Failed half-way: {amount} went back, the rest is still paid</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How</source>
        <translation>How</translation>
    </message>
    <message>
        <location line="-19"/>
        <location line="+20"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Last failure</source>
        <translation>Last failure</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Valid</source>
        <translation>Valid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Being voided…</source>
        <translation>Being voided…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Voided in the tax system</source>
        <translation>Voided in the tax system</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replaced by a corrected receipt</source>
        <translation>Replaced by a corrected receipt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Event log</source>
        <translation>Event log</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="+552"/>
        <source>Some of its items were returned: return the rest with Return items (Shift+F7).</source>
        <translation>Some of its items were returned: return the rest with Return items (Shift+F7).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Paid partly at the counter and partly by QPay: give the counter&apos;s part back by hand and the QPay part from QPay&apos;s merchant portal.</source>
        <translation>Paid partly at the counter and partly by QPay: give the counter&apos;s part back by hand and the QPay part from QPay&apos;s merchant portal.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The payment was already given back.</source>
        <translation>The payment was already given back.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment is being given back: press Check again (F5) to learn how it ended.</source>
        <translation>The payment is being given back: press Check again (F5) to learn how it ended.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid by QPay bank transfer: QPay cannot give it back. Return the money another way.</source>
        <translation>Paid by QPay bank transfer: QPay cannot give it back. Return the money another way.</translation>
    </message>
    <message>
        <location line="-433"/>
        <source>Cancel or refund the sale&apos;s card payment.</source>
        <translation>Cancel or refund the sale&apos;s card payment.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This sale is on the till&apos;s screen: finish it there.</source>
        <translation>This sale is on the till&apos;s screen: finish it there.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/action_runner.py" line="+99"/>
        <source>Something went wrong.</source>
        <translation>Something went wrong.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="+435"/>
        <source>Its outcome is not known yet: press Check again (F5) before trying again.</source>
        <translation>Its outcome is not known yet: press Check again (F5) before trying again.</translation>
    </message>
    <message>
        <location line="-362"/>
        <source>Cancel the invoice of sale {number} ({amount})? The customer&apos;s QR code stops working.</source>
        <translation>Cancel the invoice of sale {number} ({amount})? The customer&apos;s QR code stops working.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel invoice</source>
        <translation>Cancel invoice</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The invoice of sale {number} could not be cancelled.</source>
        <translation>The invoice of sale {number} could not be cancelled.</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../../pos_app/ui/history/returns.py" line="+39"/>
        <source>Sale {number} is cancelled: nothing was charged.</source>
        <translation>Sale {number} is cancelled: nothing was charged.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The customer has already paid sale {number}, so it cannot be cancelled. It is now recorded as paid.</source>
        <translation>The customer has already paid sale {number}, so it cannot be cancelled. It is now recorded as paid.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Part of sale {number} is already paid, so it cannot be cancelled. It stays open, waiting for the rest.</source>
        <translation>Part of sale {number} is already paid, so it cannot be cancelled. It stays open, waiting for the rest.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancelling the invoice of sale {number}…</source>
        <translation>Cancelling the invoice of sale {number}…</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+59"/>
        <source>Another action is still running: try again when it ends.</source>
        <translation>Another action is still running: try again when it ends.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/returns.py" line="+165"/>
        <source>The payment of sale {number} was not given back.</source>
        <translation>The payment of sale {number} was not given back.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} is returned: {amount} given back.</source>
        <translation>Sale {number} is returned: {amount} given back.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: {amount} refunded to the customer&apos;s card.</source>
        <translation>Sale {number}: {amount} refunded to the customer&apos;s card.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: the card payment of {amount} is cancelled.</source>
        <translation>Sale {number}: the card payment of {amount} is cancelled.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its tax receipt is cancelled.</source>
        <translation>Its tax receipt is cancelled.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its tax receipt is still valid.</source>
        <translation>Its tax receipt is still valid.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="-36"/>
        <source>Refunding the payment of sale {number}…</source>
        <translation>Refunding the payment of sale {number}…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelling the card payment of sale {number}…</source>
        <translation>Cancelling the card payment of sale {number}…</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Returning items of sale {number}…</source>
        <translation>Returning items of sale {number}…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Receipt settled</source>
        <translation>Receipt settled</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tax receipt of sale {number} stays valid in the tax system for goods given back. What was done about it?</source>
        <translation>The tax receipt of sale {number} stays valid in the tax system for goods given back. What was done about it?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>corrected in the ebarimt portal</source>
        <translation>corrected in the ebarimt portal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark settled</source>
        <translation>Mark settled</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Sale {number}&apos;s tax receipt is marked settled; the day close still counts it as PosAPI holds it.</source>
        <translation>Sale {number}&apos;s tax receipt is marked settled; the day close still counts it as PosAPI holds it.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recording what was done for sale {number}…</source>
        <translation>Recording what was done for sale {number}…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cancel receipt</source>
        <translation>Cancel receipt</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The tax receipt of sale {number} was not cancelled.</source>
        <translation>The tax receipt of sale {number} was not cancelled.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax receipt of sale {number} is cancelled in the tax system.</source>
        <translation>The tax receipt of sale {number} is cancelled in the tax system.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cancelling the tax receipt of sale {number}…</source>
        <translation>Cancelling the tax receipt of sale {number}…</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+4"/>
        <source>Issue receipt</source>
        <translation>Issue receipt</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Receipt of sale {number}: the organization&apos;s 7-digit register number, or nothing for an individual.</source>
        <translation>Receipt of sale {number}: the organization&apos;s 7-digit register number, or nothing for an individual.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Check the register number: an organization&apos;s has exactly 7 digits.</source>
        <translation>Check the register number: an organization&apos;s has exactly 7 digits.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The tax receipt of sale {number} was not issued.</source>
        <translation>The tax receipt of sale {number} was not issued.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The tax receipt of sale {number} is issued: lottery {lottery}.</source>
        <translation>The tax receipt of sale {number} is issued: lottery {lottery}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Issuing the tax receipt of sale {number}…</source>
        <translation>Issuing the tax receipt of sale {number}…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The answer to the receipt request of sale {number} was lost on {day} (bill number {bill}), and its day is over: asking again could make a second receipt. Look it up in PosAPI: was the receipt made?</source>
        <translation>The answer to the receipt request of sale {number} was lost on {day} (bill number {bill}), and its day is over: asking again could make a second receipt. Look it up in PosAPI: was the receipt made?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>It was made</source>
        <translation>It was made</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>It was not made</source>
        <translation>It was not made</translation>
    </message>
    <message>
        <location line="-114"/>
        <location line="+121"/>
        <source>Sale {number} was not settled.</source>
        <translation>Sale {number} was not settled.</translation>
    </message>
    <message>
        <location line="-98"/>
        <source>Cancel the tax receipt of sale {number} ({receipt})? This voids it in the tax system (ebarimt). The payment is not given back.</source>
        <translation>Cancel the tax receipt of sale {number} ({receipt})? This voids it in the tax system (ebarimt). The payment is not given back.</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>Sale {number}&apos;s receipt is recorded as made.</source>
        <translation>Sale {number}&apos;s receipt is recorded as made.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} is owed its receipt: issue it with Issue receipt (F9).</source>
        <translation>Sale {number} is owed its receipt: issue it with Issue receipt (F9).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recording what PosAPI holds for sale {number}…</source>
        <translation>Recording what PosAPI holds for sale {number}…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Ask QPay again</source>
        <translation>Ask QPay again</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Asking QPay again for sale {number}…</source>
        <translation>Asking QPay again for sale {number}…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand it over in cash</source>
        <translation>Hand it over in cash</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recording the cash handed over for sale {number}…</source>
        <translation>Recording the cash handed over for sale {number}…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Sale {number} could not be checked.</source>
        <translation>Sale {number} could not be checked.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} has nothing left to check.</source>
        <translation>Sale {number} has nothing left to check.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/returns.py" line="-184"/>
        <source>No invoice was created for sale {number}: nothing was charged.</source>
        <translation>No invoice was created for sale {number}: nothing was charged.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} is still waiting for the customer&apos;s payment.</source>
        <translation>Sale {number} is still waiting for the customer&apos;s payment.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} is paid; its receipt is not issued.</source>
        <translation>Sale {number} is paid; its receipt is not issued.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} is complete: its receipt was issued.</source>
        <translation>Sale {number} is complete: its receipt was issued.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment of sale {number} was given back.</source>
        <translation>The payment of sale {number} was given back.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The payment of sale {number} was not given back: it is still paid. You may give it back again.</source>
        <translation>The payment of sale {number} was not given back: it is still paid. You may give it back again.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax receipt of sale {number} is cancelled.</source>
        <translation>The tax receipt of sale {number} is cancelled.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The tax system refused the receipt of sale {number}; it is still owed one.</source>
        <translation>The tax system refused the receipt of sale {number}; it is still owed one.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tax system refused to void the receipt of sale {number}: it stays valid.</source>
        <translation>The tax system refused to void the receipt of sale {number}: it stays valid.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sale {number} could not be checked yet: try again later.</source>
        <translation>Sale {number} could not be checked yet: try again later.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} is being paid at the till: finish it there.</source>
        <translation>Sale {number} is being paid at the till: finish it there.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}&apos;s return is settled: see its details.</source>
        <translation>Sale {number}&apos;s return is settled: see its details.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay refused to give back part of sale {number}&apos;s return: nothing went back. Check again (F5) to ask QPay again or hand it over in cash.</source>
        <translation>QPay refused to give back part of sale {number}&apos;s return: nothing went back. Check again (F5) to ask QPay again or hand it over in cash.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number}&apos;s receipt was asked on an earlier day and its answer was lost: look it up in PosAPI before issuing another.</source>
        <translation>Sale {number}&apos;s receipt was asked on an earlier day and its answer was lost: look it up in PosAPI before issuing another.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Its tax receipt of {amount} is still valid for goods given back: void it with Cancel receipt (F8).</source>
        <translation>Its tax receipt of {amount} is still valid for goods given back: void it with Cancel receipt (F8).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Its tax receipt of {amount} is still valid for goods given back: correct it with Check again (F5).</source>
        <translation>Its tax receipt of {amount} is still valid for goods given back: correct it with Check again (F5).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the tax system refused it ({reason})</source>
        <translation>the tax system refused it ({reason})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its id was lost with PosAPI&apos;s answer</source>
        <translation>its id was lost with PosAPI&apos;s answer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>PosAPI voids receipts to individuals only, and a receipt needs items</source>
        <translation>PosAPI voids receipts to individuals only, and a receipt needs items</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay&apos;s receipt is for the whole payment and no PosAPI is set to correct it</source>
        <translation>QPay&apos;s receipt is for the whole payment and no PosAPI is set to correct it</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its tax receipt of {amount} is still valid for goods given back: {why}. Correct it in the ebarimt portal (or PosAPI&apos;s own tools), then a manager marks it settled (Shift+F8).</source>
        <translation>Its tax receipt of {amount} is still valid for goods given back: {why}. Correct it in the ebarimt portal (or PosAPI&apos;s own tools), then a manager marks it settled (Shift+F8).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>QPay refused to give back {amount} of sale {number}&apos;s return ({reason}): nothing went back. Ask QPay again, or hand the customer {cash} in cash from the drawer now?</source>
        <translation>QPay refused to give back {amount} of sale {number}&apos;s return ({reason}): nothing went back. Ask QPay again, or hand the customer {cash} in cash from the drawer now?</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The return of sale {number} is not settled.</source>
        <translation>The return of sale {number} is not settled.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing of sale {number} was returned.</source>
        <translation>Nothing of sale {number} was returned.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Sale {number}: {amount} given back.</source>
        <translation>Sale {number}: {amount} given back.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>QPay&apos;s refund of {amount} is not answered yet: press Check again (F5) before giving it another way.</source>
        <translation>QPay&apos;s refund of {amount} is not answered yet: press Check again (F5) before giving it another way.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>QPay did not take a payment back: that money goes back in cash.</source>
        <translation>QPay did not take a payment back: that money goes back in cash.</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Its tax receipt is not put right yet:</source>
        <translation>Its tax receipt is not put right yet:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Its tax receipt is corrected for what the customer keeps.</source>
        <translation>Its tax receipt is corrected for what the customer keeps.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its tax receipt is voided.</source>
        <translation>Its tax receipt is voided.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the customer keeps has a new tax receipt.</source>
        <translation>What the customer keeps has a new tax receipt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reprint (Ctrl+P) prints the return slip.</source>
        <translation>Reprint (Ctrl+P) prints the return slip.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>QPay refused again: {reason}. Nothing went back; check again (F5) to ask once more or hand it over in cash.</source>
        <translation>QPay refused again: {reason}. Nothing went back; check again (F5) to ask once more or hand it over in cash.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>QPay&apos;s answer was lost: press Check again (F5) before giving it another way.</source>
        <translation>QPay&apos;s answer was lost: press Check again (F5) before giving it another way.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Sale {number}&apos;s return is settled:</source>
        <translation>Sale {number}&apos;s return is settled:</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>cancel it with Cancel receipt (F8).</source>
        <translation>cancel it with Cancel receipt (F8).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount} was given back for sale {number}, but its tax receipt could not be cancelled:</source>
        <translation>{amount} was given back for sale {number}, but its tax receipt could not be cancelled:</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/history/actions.py" line="+5"/>
        <source>Checking sale {number} with the payment service…</source>
        <translation>Checking sale {number} with the payment service…</translation>
    </message>
    <message>
        <location line="-377"/>
        <location line="+20"/>
        <location line="+168"/>
        <location line="+71"/>
        <source>Back</source>
        <translation>Back</translation>
    </message>
</context>
<context>
    <name>ItemEditDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/item_edit.py" line="+25"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Barcode</source>
        <translation>Barcode</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Type the item&apos;s name.</source>
        <translation>Type the item&apos;s name.</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+90"/>
        <source>pos-app — QPay till</source>
        <translation>pos-app — QPay till</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Starting…</source>
        <translation>Starting…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>pos-app</source>
        <translation>pos-app</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>TRAINING · no real money</source>
        <translation>TRAINING · no real money</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>New sale</source>
        <translation>New sale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Charge</source>
        <translation>Charge</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Free line…</source>
        <translation>Free line…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check payment now</source>
        <translation>Check payment now</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show to customer</source>
        <translation>Show to customer</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+237"/>
        <source>Cancel sale</source>
        <translation>Cancel sale</translation>
    </message>
    <message>
        <location line="-236"/>
        <source>Simulate customer payment</source>
        <translation>Simulate customer payment</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/receipt_keys.py" line="+41"/>
        <source>Issue receipt</source>
        <translation>Issue receipt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Individual receipt</source>
        <translation>Individual receipt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Organization receipt</source>
        <translation>Organization receipt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Void and issue for the receiver chosen</source>
        <translation>Void and issue for the receiver chosen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print receipt</source>
        <translation>Print receipt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Print preview…</source>
        <translation>Print preview…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+4"/>
        <source>Sales history…</source>
        <translation>Sales history…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End of day…</source>
        <translation>End of day…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settings…</source>
        <translation>Settings…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>People and PINs…</source>
        <translation>People and PINs…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import the catalog (CSV, XLSX)…</source>
        <translation>Import the catalog (CSV, XLSX)…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/confirmations.py" line="+62"/>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+1"/>
        <source>Quit</source>
        <translation>Quit</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+2"/>
        <source>&amp;Sale</source>
        <translation>&amp;Sale</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Receipt</source>
        <translation>&amp;Receipt</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Till</source>
        <translation>&amp;Till</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Ready.</source>
        <translation>Ready.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Creating invoice…</source>
        <translation>Creating invoice…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sale {number} cancelled: nothing was charged.</source>
        <translation>Sale {number} cancelled: nothing was charged.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sale {number} expired: nothing was charged.</source>
        <translation>Sale {number} expired: nothing was charged.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The cart is kept: change it and charge again, or press F2 for a new sale.</source>
        <translation>The cart is kept: change it and charge again, or press F2 for a new sale.</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>The receipt has not been issued yet. Start a new sale without it?</source>
        <translation>The receipt has not been issued yet. Start a new sale without it?</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New sale without receipt</source>
        <translation>New sale without receipt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear the cart and start a new sale?</source>
        <translation>Clear the cart and start a new sale?</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Clear cart</source>
        <translation>Clear cart</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Cancel this sale? The customer&apos;s QR code stops working.</source>
        <translation>Cancel this sale? The customer&apos;s QR code stops working.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep waiting</source>
        <translation>Keep waiting</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>No second screen: the customer&apos;s display is shown only on a screen of its own, never over the till. The QR code to scan is on the till&apos;s screen.</source>
        <translation>No second screen: the customer&apos;s display is shown only on a screen of its own, never over the till. The QR code to scan is on the till&apos;s screen.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/receipt_keys.py" line="+38"/>
        <source>Printing…</source>
        <translation>Printing…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="+26"/>
        <source>Waiting for the customer to pay…</source>
        <translation>Waiting for the customer to pay…</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Waiting for the customer to pay… (checked %n second(s) ago)</source>
        <translation>
            <numerusform>Waiting for the customer to pay… (checked %n second ago)</numerusform>
            <numerusform>Waiting for the customer to pay… (checked %n seconds ago)</numerusform>
        </translation>
    </message>
    <message>
        <location line="-153"/>
        <source>Sale {number} cancelled: {amount} was given back to the customer&apos;s card.</source>
        <translation>Sale {number} cancelled: {amount} was given back to the customer&apos;s card.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/confirmations.py" line="-30"/>
        <source>Back</source>
        <translation>Back</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>A sale is in progress. Quit anyway? An open invoice stays open with the service.</source>
        <translation>A sale is in progress. Quit anyway? An open invoice stays open with the service.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep working</source>
        <translation>Keep working</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/tender_keys.py" line="+50"/>
        <source>Cash</source>
        <translation>Cash</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Card terminal</source>
        <translation>Card terminal</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shell/main_window.py" line="-145"/>
        <source>Shift: open, X report, close…</source>
        <translation>Shift: open, X report, close…</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/tender_keys.py" line="+21"/>
        <source>The shift is open.</source>
        <translation>The shift is open.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Open the shift first: count the float in the drawer.</source>
        <translation>Open the shift first: count the float in the drawer.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Take {given} in cash for {due}? The change would be {change}: more than a {note} note. Check the amount typed.</source>
        <translation>Take {given} in cash for {due}? The change would be {change}: more than a {note} note. Check the amount typed.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Take it</source>
        <translation>Take it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Correct the amount</source>
        <translation>Correct the amount</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Cancel this sale and hand back what was taken? Give the customer {cash} in cash; void any card payment on the bank&apos;s terminal.</source>
        <translation>Cancel this sale and hand back what was taken? Give the customer {cash} in cash; void any card payment on the bank&apos;s terminal.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hand back and cancel</source>
        <translation>Hand back and cancel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep paying</source>
        <translation>Keep paying</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/keys/counter_keys.py" line="+60"/>
        <source>Discount on the line…</source>
        <translation>Discount on the line…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount on the sale…</source>
        <translation>Discount on the sale…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Park the sale / parked sales…</source>
        <translation>Park the sale / parked sales…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lock the till</source>
        <translation>Lock the till</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change the item&apos;s price or name…</source>
        <translation>Change the item&apos;s price or name…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the cash drawer</source>
        <translation>Open the cash drawer</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Discount on {item}</source>
        <translation>Discount on {item}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Discount on the whole sale</source>
        <translation>Discount on the whole sale</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Discount {discount} given.</source>
        <translation>Discount {discount} given.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount taken off.</source>
        <translation>Discount taken off.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The sale was not parked.</source>
        <translation>The sale was not parked.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale of {total} parked: F10 with an empty cart brings it back.</source>
        <translation>Sale of {total} parked: F10 with an empty cart brings it back.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The parked sales were not read.</source>
        <translation>The parked sales were not read.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No sale is parked. F10 parks the sale on screen.</source>
        <translation>No sale is parked. F10 parks the sale on screen.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The sale was not resumed.</source>
        <translation>The sale was not resumed.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Finish or park the sale on screen first.</source>
        <translation>Finish or park the sale on screen first.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Parked sale resumed: {total}.</source>
        <translation>Parked sale resumed: {total}.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Only a catalog item&apos;s price is changed here; a free line is typed anew.</source>
        <translation>Only a catalog item&apos;s price is changed here; a free line is typed anew.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>{item}: {price} from now on.</source>
        <translation>{item}: {price} from now on.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>discount {amount}</source>
        <translation>discount {amount}</translation>
    </message>
</context>
<context>
    <name>ParkedDialog</name>
    <message>
        <location filename="../../pos_app/ui/sale/dialogs/parked.py" line="+20"/>
        <source>Parked sales</source>
        <translation>Parked sales</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>{time}  ·  {total}  ·  %n line(s): {first}</source>
        <translation>
            <numerusform>{time}  ·  {total}  ·  %n line: {first}</numerusform>
            <numerusform>{time}  ·  {total}  ·  %n lines: {first}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Resume</source>
        <translation>Resume</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Pick the sale to bring back (Enter). It leaves the list.</source>
        <translation>Pick the sale to bring back (Enter). It leaves the list.</translation>
    </message>
</context>
<context>
    <name>PartPaidActions</name>
    <message>
        <location filename="../../pos_app/ui/sale/flow/part_paid.py" line="+104"/>
        <source>Creating an invoice for the rest…</source>
        <translation>Creating an invoice for the rest…</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>More money arrived meanwhile: the sale is still open.</source>
        <translation>More money arrived meanwhile: the sale is still open.</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Nothing is paid yet: the customer pays the invoice on screen.</source>
        <translation>Nothing is paid yet: the customer pays the invoice on screen.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The customer has paid the rest meanwhile, so nothing was given back.</source>
        <translation>The customer has paid the rest meanwhile, so nothing was given back.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>The invoice for the rest could not be created. The sale is still waiting for its payment.</source>
        <translation>The invoice for the rest could not be created. The sale is still waiting for its payment.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The part paid could not be given back. The sale is still open; try again.</source>
        <translation>The part paid could not be given back. The sale is still open; try again.</translation>
    </message>
</context>
<context>
    <name>PartPaidQuestion</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/part_paid_box.py" line="+40"/>
        <source>&amp;Invoice the rest  (Ctrl+Enter)</source>
        <translation>&amp;Invoice the rest  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Give the part back</source>
        <translation>&amp;Give the part back</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Keep &amp;waiting  (Enter)</source>
        <translation>Keep &amp;waiting  (Enter)</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Invoice the rest: a new QR code for {due}. A bank transfer cannot be given back through QPay.</source>
        <translation>Invoice the rest: a new QR code for {due}. A bank transfer cannot be given back through QPay.</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Invoice the rest: a new QR code for {due}. Give the part back: {paid} goes back to the customer&apos;s card and the sale is cancelled.</source>
        <translation>Invoice the rest: a new QR code for {due}. Give the part back: {paid} goes back to the customer&apos;s card and the sale is cancelled.</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>{paid} of {total} is paid; {due} is still to pay.</source>
        <translation>{paid} of {total} is paid; {due} is still to pay.</translation>
    </message>
</context>
<context>
    <name>PaymentPage</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/payment_page.py" line="+66"/>
        <source>Check now  (F5)</source>
        <translation>Check now  (F5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show to customer  (F9)</source>
        <translation>Show to customer  (F9)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Simulate customer payment  (Ctrl+Shift+P)</source>
        <translation>Simulate customer payment  (Ctrl+Shift+P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+76"/>
        <source>Cancel sale  (Esc)</source>
        <translation>Cancel sale  (Esc)</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Amount to pay</source>
        <translation>Amount to pay</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Or open a bank app:</source>
        <translation>Or open a bank app:</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Scan with any bank app</source>
        <translation>Scan with any bank app</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Sale {number}</source>
        <translation>Sale {number}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the rest of {total}; {tendered} taken already</source>
        <translation>the rest of {total}; {tendered} taken already</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The service sent no usable QR code. The customer can pay through the short link or a bank app below.</source>
        <translation>The service sent no usable QR code. The customer can pay through the short link or a bank app below.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cancelling the invoice…</source>
        <translation>Cancelling the invoice…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This invoice has expired: the customer can no longer pay it. What was paid is kept. F2 or Esc: invoice the rest or give the part back.</source>
        <translation>This invoice has expired: the customer can no longer pay it. What was paid is kept. F2 or Esc: invoice the rest or give the part back.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>F2 or Esc: invoice the rest, give the part back, or keep waiting.</source>
        <translation>F2 or Esc: invoice the rest, give the part back, or keep waiting.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid {paid} of {total}: {due} to go.</source>
        <translation>Paid {paid} of {total}: {due} to go.</translation>
    </message>
</context>
<context>
    <name>PeopleDialog</name>
    <message>
        <location filename="../../pos_app/ui/people/people_dialog.py" line="+48"/>
        <source>People and PINs</source>
        <translation>People and PINs</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+103"/>
        <source>Cashier</source>
        <translation>Cashier</translation>
    </message>
    <message>
        <location line="-102"/>
        <location line="+102"/>
        <source>Manager</source>
        <translation>Manager</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Save the person</source>
        <translation>Save the person</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Take off the list</source>
        <translation>Take off the list</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PIN (4 to 8 digits)</source>
        <translation>PIN (4 to 8 digits)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The PIN again</source>
        <translation>The PIN again</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The two PINs differ: type the same PIN twice.</source>
        <translation>The two PINs differ: type the same PIN twice.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Set up a manager first (the owner): only a manager can change this list later.</source>
        <translation>Set up a manager first (the owner): only a manager can change this list later.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{name} is saved as the manager. From now on the till asks for a PIN: when it starts, after the idle time set in Settings, and on Ctrl+Shift+L. {name} is signed in now: set up the cashiers next.</source>
        <translation>{name} is saved as the manager. From now on the till asks for a PIN: when it starts, after the idle time set in Settings, and on Ctrl+Shift+L. {name} is signed in now: set up the cashiers next.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} is saved.</source>
        <translation>{name} is saved.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keep at least one manager on the list.</source>
        <translation>Keep at least one manager on the list.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} is off the list.</source>
        <translation>{name} is off the list.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Nobody is set up: the till asks no PIN. Set up the owner as a manager first.</source>
        <translation>Nobody is set up: the till asks no PIN. Set up the owner as a manager first.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The change was not saved.</source>
        <translation>The change was not saved.</translation>
    </message>
</context>
<context>
    <name>PinDialog</name>
    <message>
        <location filename="../../pos_app/ui/people/pin_dialog.py" line="+36"/>
        <source>Locked</source>
        <translation>Locked</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Manager&apos;s PIN</source>
        <translation>Manager&apos;s PIN</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cancel (Esc)</source>
        <translation>Cancel (Esc)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>A PIN is 4 to 8 digits.</source>
        <translation>A PIN is 4 to 8 digits.</translation>
    </message>
</context>
<context>
    <name>PosApp</name>
    <message>
        <location filename="../../pos_app/app/root.py" line="+213"/>
        <source>The till could not start its payment service.</source>
        <translation>The till could not start its payment service.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Another pos-app is already running on this computer (process {pid}). Use that window, or close it and start again.</source>
        <translation>Another pos-app is already running on this computer (process {pid}). Use that window, or close it and start again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Another pos-app is already running on this computer. Use that window, or close it and start again.</source>
        <translation>Another pos-app is already running on this computer. Use that window, or close it and start again.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No password is stored for this account: enter it in Settings (Ctrl+,) before charging.</source>
        <translation>No password is stored for this account: enter it in Settings (Ctrl+,) before charging.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Terminal {terminal}</source>
        <translation>Terminal {terminal}</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/back_office.py" line="+51"/>
        <source>The till is still starting.</source>
        <translation>The till is still starting.</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/root.py" line="+58"/>
        <source>Applying the new settings…</source>
        <translation>Applying the new settings…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The new settings could not be applied.</source>
        <translation>The new settings could not be applied.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The settings file could not be read ({detail}). The till runs in training mode until the settings are saved again.</source>
        <translation>The settings file could not be read ({detail}). The till runs in training mode until the settings are saved again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The settings need fixing ({detail}). The till runs in training mode until they are saved again.</source>
        <translation>The settings need fixing ({detail}). The till runs in training mode until they are saved again.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The catalog could not be read ({detail}); the sample catalog is used.</source>
        <translation>The catalog could not be read ({detail}); the sample catalog is used.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No password is stored for {detail}: enter it in Settings (Ctrl+,).</source>
        <translation>No password is stored for {detail}: enter it in Settings (Ctrl+,).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The callback receiver could not start ({detail}); payments are found by checking, a little later. Choose another port in Settings.</source>
        <translation>The callback receiver could not start ({detail}); payments are found by checking, a little later. Choose another port in Settings.</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/recovery.py" line="+57"/>
        <source>Unfinished sales could not be checked ({detail}). They are kept in the journal; restart the till to try again.</source>
        <translation>Unfinished sales could not be checked ({detail}). They are kept in the journal; restart the till to try again.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>After the restart, the receipt of {count} paid sale(s) was found issued: reprint it from the history if needed.</source>
        <translation>After the restart, the receipt of {count} paid sale(s) was found issued: reprint it from the history if needed.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Sale {number} was being paid when the till stopped: what was taken is kept; take the rest.</source>
        <translation>Sale {number} was being paid when the till stopped: what was taken is kept; take the rest.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale {number} was paid before the till stopped: issue its receipt.</source>
        <translation>Sale {number} was paid before the till stopped: issue its receipt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number} was still waiting for the customer&apos;s payment: waiting again.</source>
        <translation>Sale {number} was still waiting for the customer&apos;s payment: waiting again.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{count} unfinished sale(s) could not be checked with the payment service yet; the till keeps trying.</source>
        <translation>{count} unfinished sale(s) could not be checked with the payment service yet; the till keeps trying.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>The unfinished sales are settled with the payment service.</source>
        <translation>The unfinished sales are settled with the payment service.</translation>
    </message>
    <message>
        <location filename="../../pos_app/app/people_and_catalog.py" line="+103"/>
        <source>No manager&apos;s PIN is set up: anyone at this till may give money back and open Settings. Set up people in Till → People and PINs.</source>
        <translation>No manager&apos;s PIN is set up: anyone at this till may give money back and open Settings. Set up people in Till → People and PINs.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The cart from before the till stopped is back ({total}). Go on with the sale, or F2 to clear it.</source>
        <translation>The cart from before the till stopped is back ({total}). Go on with the sale, or F2 to clear it.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The cart from before the till stopped is parked: F10 with an empty cart brings it back.</source>
        <translation>The cart from before the till stopped is parked: F10 with an empty cart brings it back.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Signed in: {name}.</source>
        <translation>Signed in: {name}.</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>The catalog file was not saved.</source>
        <translation>The catalog file was not saved.</translation>
    </message>
</context>
<context>
    <name>Printing</name>
    <message>
        <location filename="../../pos_app/receipts/printer_words.py" line="+21"/>
        <source>usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;printer name&gt;, cups:&lt;printer name&gt; or file:/dev/usb/lp0</source>
        <translation>usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;printer name&gt;, cups:&lt;printer name&gt; or file:/dev/usb/lp0</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>a USB printer is written usb:VID:PID with its vendor and product id in hex (see lsusb or the Device Manager), e.g. usb:04b8:0202, or with the in and out endpoints too, e.g. usb:04b8:0202:82:01</source>
        <translation>a USB printer is written usb:VID:PID with its vendor and product id in hex (see lsusb or the Device Manager), e.g. usb:04b8:0202, or with the in and out endpoints too, e.g. usb:04b8:0202:82:01</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a serial printer is written serial:PORT or serial:PORT:BAUD, e.g. serial:/dev/ttyUSB0 or serial:COM3:19200</source>
        <translation>a serial printer is written serial:PORT or serial:PORT:BAUD, e.g. serial:/dev/ttyUSB0 or serial:COM3:19200</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a network printer is written network:ADDRESS or network:ADDRESS:PORT, e.g. network:192.168.1.50 or network:192.168.1.50:9100 (an IPv6 address in brackets: network:[fe80::1]:9100)</source>
        <translation>a network printer is written network:ADDRESS or network:ADDRESS:PORT, e.g. network:192.168.1.50 or network:192.168.1.50:9100 (an IPv6 address in brackets: network:[fe80::1]:9100)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a Windows printer is written win32:NAME with the printer&apos;s name as Windows shows it, e.g. win32:POS-80</source>
        <translation>a Windows printer is written win32:NAME with the printer&apos;s name as Windows shows it, e.g. win32:POS-80</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a CUPS printer is written cups:NAME with the queue&apos;s name as lpstat shows it, e.g. cups:POS-80</source>
        <translation>a CUPS printer is written cups:NAME with the queue&apos;s name as lpstat shows it, e.g. cups:POS-80</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a printer device is written file:PATH, e.g. file:/dev/usb/lp0</source>
        <translation>a printer device is written file:PATH, e.g. file:/dev/usb/lp0</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Check that it is switched on and its USB cable is plugged in.</source>
        <translation>Check that it is switched on and its USB cable is plugged in.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that it is switched on, its cable is plugged in and the port in Settings is right.</source>
        <translation>Check that it is switched on, its cable is plugged in and the port in Settings is right.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that it is switched on and connected, and its address in Settings.</source>
        <translation>Check that it is switched on and connected, and its address in Settings.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that it is switched on and that Settings names it as Windows does.</source>
        <translation>Check that it is switched on and that Settings names it as Windows does.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that it is switched on and that Settings names its CUPS queue as lpstat does.</source>
        <translation>Check that it is switched on and that Settings names its CUPS queue as lpstat does.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that it is switched on and plugged in, and the device path in Settings.</source>
        <translation>Check that it is switched on and plugged in, and the device path in Settings.</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+101"/>
        <source>it closed the connection before it took the whole job</source>
        <translation>it closed the connection before it took the whole job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it took only {taken} of {total} kB within {seconds} s</source>
        <translation>it took only {taken} of {total} kB within {seconds} s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it did not take the whole job within {seconds} s</source>
        <translation>it did not take the whole job within {seconds} s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The receipt printer ({printer}) did not print the whole job: {reason}; part of it may have come out. {hint}</source>
        <translation>The receipt printer ({printer}) did not print the whole job: {reason}; part of it may have come out. {hint}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/escpos_target.py" line="+47"/>
        <source>USB printer {vendor}:{product}</source>
        <translation>USB printer {vendor}:{product}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>serial printer {port} at {baudrate} baud</source>
        <translation>serial printer {port} at {baudrate} baud</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>network printer {address}</source>
        <translation>network printer {address}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Windows printer &quot;{name}&quot;</source>
        <translation>Windows printer &quot;{name}&quot;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CUPS printer &quot;{name}&quot;</source>
        <translation>CUPS printer &quot;{name}&quot;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>printer device {path}</source>
        <translation>printer device {path}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The printer setting &quot;{setting}&quot; cannot be used: {how}.</source>
        <translation>The printer setting &quot;{setting}&quot; cannot be used: {how}.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>{how} (an in endpoint is 81 to 8f, an out endpoint 01 to 0f)</source>
        <translation>{how} (an in endpoint is 81 to 8f, an out endpoint 01 to 0f)</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>No ESC/POS printer connection is set: write one such as {examples}.</source>
        <translation>No ESC/POS printer connection is set: write one such as {examples}.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>it must start with usb:, serial:, network:, win32:, cups: or file:, as in {examples}</source>
        <translation>it must start with usb:, serial:, network:, win32:, cups: or file:, as in {examples}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/cups_jobs.py" line="+55"/>
        <source>its CUPS queue does not accept jobs (turn it back on with cupsaccept or in the printer settings)</source>
        <translation>its CUPS queue does not accept jobs (turn it back on with cupsaccept or in the printer settings)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CUPS has no queue of that name</source>
        <translation>CUPS has no queue of that name</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the CUPS service does not answer</source>
        <translation>the CUPS service does not answer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lp ended with status {status}</source>
        <translation>lp ended with status {status}</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The printer &quot;{printer}&quot; did not take the job: {reason}. Check the printer, then print again.</source>
        <translation>The printer &quot;{printer}&quot; did not take the job: {reason}. Check the printer, then print again.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>CUPS took the job without saying its number</source>
        <translation>CUPS took the job without saying its number</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CUPS took the job but does not say how it went</source>
        <translation>CUPS took the job but does not say how it went</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The printer {printer} did not print: CUPS stopped the job ({state}). Check the printer, then print again.</source>
        <translation>The printer {printer} did not print: CUPS stopped the job ({state}). Check the printer, then print again.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the job is still in CUPS&apos;s queue ({state})</source>
        <translation>the job is still in CUPS&apos;s queue ({state})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>waiting</source>
        <translation>waiting</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>held</source>
        <translation>held</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>printing</source>
        <translation>printing</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the printer is stopped</source>
        <translation>the printer is stopped</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>aborted</source>
        <translation>aborted</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/connections.py" line="+190"/>
        <source>Unknown kind of printer connection: {kind}.</source>
        <translation>Unknown kind of printer connection: {kind}.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Windows printers (win32:) can be used only on Windows, with pywin32 installed.</source>
        <translation>Windows printers (win32:) can be used only on Windows, with pywin32 installed.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CUPS printers (cups:) can be used only on Linux or macOS.</source>
        <translation>CUPS printers (cups:) can be used only on Linux or macOS.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {printer} cannot be used: its driver library (pyusb / pyserial) is not installed.</source>
        <translation>The {printer} cannot be used: its driver library (pyusb / pyserial) is not installed.</translation>
    </message>
    <message>
        <location line="+110"/>
        <source>The receipt printer ({printer}) is out of paper or its cover is open. Put in a new roll, close the cover and print again.</source>
        <translation>The receipt printer ({printer}) is out of paper or its cover is open. Put in a new roll, close the cover and print again.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the printer does not answer status questions</source>
        <translation>the printer does not answer status questions</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this connection cannot tell whether it printed</source>
        <translation>this connection cannot tell whether it printed</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>The receipt printer ({printer}) refused the job: {reason}. {hint}</source>
        <translation>The receipt printer ({printer}) refused the job: {reason}. {hint}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="-68"/>
        <source>this computer has no USB driver library (libusb) installed</source>
        <translation>this computer has no USB driver library (libusb) installed</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+8"/>
        <source>it did not take the data in time</source>
        <translation>it did not take the data in time</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>access to the USB device was denied</source>
        <translation>access to the USB device was denied</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the USB device is gone</source>
        <translation>the USB device is gone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the USB connection failed</source>
        <translation>the USB connection failed</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/cups_jobs.py" line="-44"/>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+6"/>
        <source>lp did not finish in time</source>
        <translation>lp did not finish in time</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+3"/>
        <source>it is not found on USB</source>
        <translation>it is not found on USB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the system has no printer of that name</source>
        <translation>the system has no printer of that name</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no answer within {seconds} s</source>
        <translation>no answer within {seconds} s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its address cannot be found</source>
        <translation>its address cannot be found</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+22"/>
        <source>the connection failed</source>
        <translation>the connection failed</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>connection refused</source>
        <translation>connection refused</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lp stopped taking the job</source>
        <translation>lp stopped taking the job</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the connection was closed</source>
        <translation>the connection was closed</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/cups_jobs.py" line="-2"/>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+3"/>
        <source>CUPS&apos;s lp and lpstat commands are not installed</source>
        <translation>CUPS&apos;s lp and lpstat commands are not installed</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printer_failures.py" line="+1"/>
        <source>there is no such device</source>
        <translation>there is no such device</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>permission denied (the user may need to be in the lp or dialout group)</source>
        <translation>permission denied (the user may need to be in the lp or dialout group)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>another program is using it</source>
        <translation>another program is using it</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The receipt printer ({printer}) does not answer: {reason}. {hint}</source>
        <translation>The receipt printer ({printer}) does not answer: {reason}. {hint}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/escpos_out.py" line="+65"/>
        <source>The printer model &quot;{model}&quot; is unknown. Leave the model empty for a generic ESC/POS printer, or use one of: {models}.</source>
        <translation>The printer model &quot;{model}&quot; is unknown. Leave the model empty for a generic ESC/POS printer, or use one of: {models}.</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/printers.py" line="+67"/>
        <source>no printer</source>
        <translation>no printer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>system printer {name}</source>
        <translation>system printer {name}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the default system printer</source>
        <translation>the default system printer</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>No receipt printer is set: choose one in Settings (Ctrl+,).</source>
        <translation>No receipt printer is set: choose one in Settings (Ctrl+,).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the system&apos;s print queue took the job but does not say when it printed</source>
        <translation>the system&apos;s print queue took the job but does not say when it printed</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/qt_out.py" line="+203"/>
        <location line="+2"/>
        <source>The PDF could not be drawn.</source>
        <translation>The PDF could not be drawn.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The PDF {path} cannot be saved: {reason}.</source>
        <translation>The PDF {path} cannot be saved: {reason}.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>its folder does not exist</source>
        <translation>its folder does not exist</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a part of its folder is a file, not a folder</source>
        <translation>a part of its folder is a file, not a folder</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a folder of that name is in the way</source>
        <translation>a folder of that name is in the way</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this user may not write there</source>
        <translation>this user may not write there</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No printer named “{name}” is installed on this computer. Installed: {printers}.</source>
        <translation>No printer named “{name}” is installed on this computer. Installed: {printers}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No printer named “{name}” is installed on this computer.</source>
        <translation>No printer named “{name}” is installed on this computer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This computer has no default printer: choose one by name in Settings.</source>
        <translation>This computer has no default printer: choose one by name in Settings.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No printer is installed on this computer.</source>
        <translation>No printer is installed on this computer.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>(the default printer)</source>
        <translation>(the default printer)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The printer {printer} cannot print now: it did not take the job. Check that it is on and connected, then print again.</source>
        <translation>The printer {printer} cannot print now: it did not take the job. Check that it is on and connected, then print again.</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>The printer {printer} cannot print now: the job did not finish. Check the printer, then print again.</source>
        <translation>The printer {printer} cannot print now: the job did not finish. Check the printer, then print again.</translation>
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
        <translation>Unknown</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/sale_slip.py" line="+32"/>
        <source>Register no. {register}</source>
        <translation>Register no. {register}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Terminal {terminal}</source>
        <translation>Terminal {terminal}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Discount {label}</source>
        <translation>Discount {label}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Subtotal</source>
        <translation>Subtotal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sale discount</source>
        <translation>Sale discount</translation>
    </message>
    <message>
        <location line="+20"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+67"/>
        <location filename="../../pos_app/receipts/slips.py" line="+53"/>
        <location line="+32"/>
        <location line="+75"/>
        <source>Cash rounding</source>
        <translation>Cash rounding</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Approval code</source>
        <translation>Approval code</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid via</source>
        <translation>Paid via</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Payment id</source>
        <translation>Payment id</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name}, register {register}</source>
        <translation>{name}, register {register}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Organization {register}</source>
        <translation>Organization {register}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Individual</source>
        <translation>Individual</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>COPY</source>
        <translation>COPY</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../pos_app/receipts/slips.py" line="-145"/>
        <source>Sale</source>
        <translation>Sale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cashier</source>
        <translation>Cashier</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TOTAL</source>
        <translation>TOTAL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VAT</source>
        <translation>VAT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax</source>
        <translation>City tax</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Items returned: {amount} (see the return slips)</source>
        <translation>Items returned: {amount} (see the return slips)</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../../pos_app/receipts/slips.py" line="+47"/>
        <location line="+28"/>
        <location line="+3"/>
        <location line="+2"/>
        <source>Ebarimt receipt</source>
        <translation>Ebarimt receipt</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../pos_app/receipts/slips.py" line="-68"/>
        <source>Receiver</source>
        <translation>Receiver</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Payment</source>
        <translation>Payment</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Registered with the tax system; its lottery number was lost with the answer.</source>
        <translation>Registered with the tax system; its lottery number was lost with the answer.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../../pos_app/receipts/slips.py" line="-2"/>
        <location line="+66"/>
        <source>Receipt id</source>
        <translation>Receipt id</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../pos_app/receipts/slips.py" line="-65"/>
        <location line="+109"/>
        <source>Lottery</source>
        <translation>Lottery</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(on the original receipt)</source>
        <translation>(on the original receipt)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No ebarimt receipt: this shop issues none for cash or card terminal sales yet.</source>
        <translation>No ebarimt receipt: this shop issues none for cash or card terminal sales yet.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No ebarimt receipt issued for this sale.</source>
        <translation>No ebarimt receipt issued for this sale.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Printed {moment}</source>
        <translation>Printed {moment}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Thank you!</source>
        <translation>Thank you!</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Receipt {number}</source>
        <translation>Receipt {number}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/slips.py" line="-119"/>
        <source>Sale date</source>
        <translation>Sale date</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/sale_slip.py" line="-92"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="-44"/>
        <location filename="../../pos_app/receipts/slips.py" line="-11"/>
        <location line="+73"/>
        <source>Cash</source>
        <translation>Cash</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+1"/>
        <location filename="../../pos_app/receipts/slips.py" line="-73"/>
        <location line="+74"/>
        <source>Card terminal</source>
        <translation>Card terminal</translation>
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
        <translation>+{amount} over</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>-{amount} short</source>
        <translation>-{amount} short</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount} balances</source>
        <translation>{amount} balances</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Z REPORT</source>
        <translation>Z REPORT</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>X REPORT</source>
        <translation>X REPORT</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shift opened</source>
        <translation>Shift opened</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift closed</source>
        <translation>Shift closed</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Taken</source>
        <translation>Taken</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../../pos_app/receipts/slips.py" line="-63"/>
        <location line="+109"/>
        <location line="+26"/>
        <source>Printed</source>
        <translation>Printed</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Taken ({count})</source>
        <translation>Taken ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refunded ({count})</source>
        <translation>Refunded ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../pos_app/receipts/slips.py" line="+34"/>
        <source>Net</source>
        <translation>Net</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CASH DRAWER</source>
        <translation>CASH DRAWER</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float</source>
        <translation>Float</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash given</source>
        <translation>Cash given</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/sale_slip.py" line="-2"/>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+1"/>
        <source>Change</source>
        <translation>Change</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/shift_slips.py" line="+3"/>
        <source>Paid in ({count})</source>
        <translation>Paid in ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid out ({count})</source>
        <translation>Paid out ({count})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected cash</source>
        <translation>Expected cash</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Counted</source>
        <translation>Counted</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difference</source>
        <translation>Difference</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cashier&apos;s signature</source>
        <translation>Cashier&apos;s signature</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Z report {terminal} {moment}</source>
        <translation>Z report {terminal} {moment}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>X report {terminal} {moment}</source>
        <translation>X report {terminal} {moment}</translation>
    </message>
    <message>
        <location filename="../../pos_app/receipts/slips.py" line="-163"/>
        <source>RECEIPT CANCELLED</source>
        <translation>RECEIPT CANCELLED</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The cancel is not confirmed yet.</source>
        <translation>The cancel is not confirmed yet.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This receipt is no longer valid.</source>
        <translation>This receipt is no longer valid.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancelled receipt {number}</source>
        <translation>Cancelled receipt {number}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>REFUND</source>
        <translation>REFUND</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PAYMENT CANCELLED</source>
        <translation>PAYMENT CANCELLED</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sale total</source>
        <translation>Sale total</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+31"/>
        <source>Given back</source>
        <translation>Given back</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>To give back</source>
        <translation>To give back</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+31"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>The bank has not confirmed this yet.</source>
        <translation>The bank has not confirmed this yet.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+32"/>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>not cancelled yet</source>
        <translation>not cancelled yet</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+33"/>
        <source>Customer signature</source>
        <translation>Customer signature</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>RETURN</source>
        <translation>RETURN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Returned</source>
        <translation>Returned</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>not confirmed</source>
        <translation>not confirmed</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>corrected</source>
        <translation>corrected</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not corrected yet</source>
        <translation>not corrected yet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Return {number}</source>
        <translation>Return {number}</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+19"/>
        <source>Printer test page</source>
        <translation>Printer test page</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Printer</source>
        <translation>Printer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper</source>
        <translation>Paper</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{width} mm, {columns} characters</source>
        <translation>{width} mm, {columns} characters</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Each line of digits above must fit on one line.</source>
        <translation>Each line of digits above must fit on one line.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>If every letter above reads right, the printer is ready.</source>
        <translation>If every letter above reads right, the printer is ready.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>DAY CLOSE</source>
        <translation>DAY CLOSE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day</source>
        <translation>Day</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sales begun</source>
        <translation>Sales begun</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+27"/>
        <source>Paid ({count})</source>
        <translation>Paid ({count})</translation>
    </message>
    <message>
        <location line="-21"/>
        <location line="+23"/>
        <source>Given back ({count})</source>
        <translation>Given back ({count})</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>NET</source>
        <translation>NET</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Receipts issued</source>
        <translation>Receipts issued</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipts cancelled</source>
        <translation>Receipts cancelled</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>By bank</source>
        <translation>By bank</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cancelled ({count})</source>
        <translation>Cancelled ({count})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expired ({count})</source>
        <translation>Expired ({count})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed ({count})</source>
        <translation>Failed ({count})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>NEEDS ATTENTION</source>
        <translation>NEEDS ATTENTION</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Unfinished sales</source>
        <translation>Unfinished sales</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give-backs pending</source>
        <translation>Give-backs pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give-backs failed</source>
        <translation>Give-backs failed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt cancels pending</source>
        <translation>Receipt cancels pending</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signature</source>
        <translation>Signature</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Day close {day}</source>
        <translation>Day close {day}</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>City tax with receipt</source>
        <translation>City tax with receipt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>City tax without receipt</source>
        <translation>City tax without receipt</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Closed</source>
        <translation>Closed</translation>
    </message>
    <message>
        <location line="-145"/>
        <source>QPay card</source>
        <translation>QPay card</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>QPay bank transfer</source>
        <translation>QPay bank transfer</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>QPay {kind}</source>
        <translation>QPay {kind}</translation>
    </message>
    <message>
        <location line="+140"/>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>By tender</source>
        <translation>By tender</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Owed a receipt</source>
        <translation>Owed a receipt</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>Paid beyond the total</source>
        <translation>Paid beyond the total</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>VAT with receipt</source>
        <translation>VAT with receipt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>VAT without receipt</source>
        <translation>VAT without receipt</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Without receipt ({count})</source>
        <translation>Without receipt ({count})</translation>
    </message>
</context>
<context>
    <name>ReceiptPage</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/receipt_page.py" line="+55"/>
        <source>Individual  (Alt+I)</source>
        <translation>Individual  (Alt+I)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Organization  (Alt+O)</source>
        <translation>Organization  (Alt+O)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Organization&apos;s register number: 7 digits</source>
        <translation>Organization&apos;s register number: 7 digits</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+133"/>
        <source>Issue receipt  (Enter)</source>
        <translation>Issue receipt  (Enter)</translation>
    </message>
    <message>
        <location line="-122"/>
        <source>Tax receipt (ebarimt)</source>
        <translation>Tax receipt (ebarimt)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Print  (Ctrl+P)</source>
        <translation>Print  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview  (Alt+P)</source>
        <translation>Preview  (Alt+P)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Lottery number</source>
        <translation>Lottery number</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>New sale  (F2)</source>
        <translation>New sale  (F2)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>✓ Paid  {amount}</source>
        <translation>✓ Paid  {amount}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sale {number}</source>
        <translation>Sale {number}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} more than the total {total}</source>
        <translation>{amount} more than the total {total}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cash</source>
        <translation>cash</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>card terminal</source>
        <translation>card terminal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>via {bank}</source>
        <translation>via {bank}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>incl. VAT {vat}, city tax {city_tax}</source>
        <translation>incl. VAT {vat}, city tax {city_tax}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change  {amount}</source>
        <translation>Change  {amount}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Issuing…</source>
        <translation>Issuing…</translation>
    </message>
    <message>
        <location line="+133"/>
        <source>That is a person&apos;s register number: an organization&apos;s has 7 digits. For a person, choose Individual (Alt+I).</source>
        <translation>That is a person&apos;s register number: an organization&apos;s has 7 digits. For a person, choose Individual (Alt+I).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{count} digits: an organization&apos;s register number has 7. Delete the extra.</source>
        <translation>{count} digits: an organization&apos;s register number has 7. Delete the extra.</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>Amount:    {amount}</source>
        <translation>Amount:    {amount}</translation>
    </message>
    <message>
        <location line="-184"/>
        <source>No tax receipt: this shop has no PosAPI set, so a sale paid by cash or the card terminal gets none. Set PosAPI in Settings (Ctrl+,).</source>
        <translation>No tax receipt: this shop has no PosAPI set, so a sale paid by cash or the card terminal gets none. Set PosAPI in Settings (Ctrl+,).</translation>
    </message>
    <message>
        <location line="+185"/>
        <source>VAT:       {amount}</source>
        <translation>VAT:       {amount}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax:  {amount}</source>
        <translation>City tax:  {amount}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receiver:  {receiver}</source>
        <translation>Receiver:  {receiver}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipt:   {id}</source>
        <translation>Receipt:   {id}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The tax system already had this sale&apos;s receipt for {made}, not for {asked} as chosen. It is the valid receipt now. To give the customer a receipt for {asked}, void it and issue it again.</source>
        <translation>The tax system already had this sale&apos;s receipt for {made}, not for {asked} as chosen. It is the valid receipt now. To give the customer a receipt for {asked}, void it and issue it again.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Void and issue for {asked}  (Alt+V)</source>
        <translation>Void and issue for {asked}  (Alt+V)</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Next customer: %n item(s) waiting</source>
        <translation>
            <numerusform>Next customer: %n item waiting</numerusform>
            <numerusform>Next customer: %n items waiting</numerusform>
        </translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Type the organization&apos;s 7-digit register number.</source>
        <translation>Type the organization&apos;s 7-digit register number.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} of 7 digits</source>
        <translation>{count} of 7 digits</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A register number is 7 digits, nothing else.</source>
        <translation>A register number is 7 digits, nothing else.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>✓ {name}: read it to the customer, then Enter issues the receipt.</source>
        <translation>✓ {name}: read it to the customer, then Enter issues the receipt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>✓ 7 digits (the tax system was not asked its name).</source>
        <translation>✓ 7 digits (the tax system was not asked its name).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Looking up {register} in the tax system…</source>
        <translation>Looking up {register} in the tax system…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Wait for the organization&apos;s name, read it to the customer, then Enter.</source>
        <translation>Wait for the organization&apos;s name, read it to the customer, then Enter.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Check the register number: an organization&apos;s has exactly 7 digits.</source>
        <translation>Check the register number: an organization&apos;s has exactly 7 digits.</translation>
    </message>
</context>
<context>
    <name>ReceiptPreviewDialog</name>
    <message>
        <location filename="../../pos_app/ui/printing/preview.py" line="+73"/>
        <source>Print preview</source>
        <translation>Print preview</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Preparing the preview…</source>
        <translation>Preparing the preview…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close  (Esc)</source>
        <translation>Close  (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print  (Ctrl+P)</source>
        <translation>Print  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save as PDF…  (Ctrl+S)</source>
        <translation>Save as PDF…  (Ctrl+S)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The slip could not be prepared.</source>
        <translation>The slip could not be prepared.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Print preview — {title}</source>
        <translation>Print preview — {title}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>80 mm, 42 characters</source>
        <translation>80 mm, 42 characters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{width} mm</source>
        <translation>{width} mm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} slip(s), {paper} paper.</source>
        <translation>{count} slip(s), {paper} paper.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Print</source>
        <translation>Print</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Printing…</source>
        <translation>Printing…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{what} did not print. {reason}</source>
        <translation>{what} did not print. {reason}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{what} sent to the printer.</source>
        <translation>{what} sent to the printer.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Save as PDF</source>
        <translation>Save as PDF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF files (*.pdf)</source>
        <translation>PDF files (*.pdf)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Saving {path}…</source>
        <translation>Saving {path}…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The PDF could not be saved.</source>
        <translation>The PDF could not be saved.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved {path}.</source>
        <translation>Saved {path}.</translation>
    </message>
</context>
<context>
    <name>ReceiptPrinting</name>
    <message>
        <location filename="../../pos_app/ui/printing/printing.py" line="+111"/>
        <source>The copy of sale {number}</source>
        <translation>The copy of sale {number}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The receipt of sale {number}</source>
        <translation>The receipt of sale {number}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The day close of {day}</source>
        <translation>The day close of {day}</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The printer could not be used.</source>
        <translation>The printer could not be used.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{what} did not print. {reason} The sale is saved: reprint it from the history (F4) when the printer is ready.</source>
        <translation>{what} did not print. {reason} The sale is saved: reprint it from the history (F4) when the printer is ready.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{what} printed ({printer}).</source>
        <translation>{what} printed ({printer}).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{what} was sent ({printer}) but not confirmed: {reason}. If it did not come out, print it again.</source>
        <translation>{what} was sent ({printer}) but not confirmed: {reason}. If it did not come out, print it again.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The cash drawer did not open: {reason}</source>
        <translation>The cash drawer did not open: {reason}</translation>
    </message>
</context>
<context>
    <name>ReceiptWords</name>
    <message>
        <location filename="../../pos_app/ui/common/receipt_words.py" line="+20"/>
        <source>Individual</source>
        <translation>Individual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{name} (register {register})</source>
        <translation>{name} (register {register})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Organization {register}</source>
        <translation>Organization {register}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>receipt id {id}, lottery {lottery}</source>
        <translation>receipt id {id}, lottery {lottery}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>receipt id {id}</source>
        <translation>receipt id {id}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>none (organization)</source>
        <translation>none (organization)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on the paper receipt</source>
        <translation>on the paper receipt</translation>
    </message>
</context>
<context>
    <name>ReturnItems</name>
    <message>
        <location filename="../../pos_app/ui/history/return_items_dialog.py" line="+45"/>
        <source>Quantity {value} is not a number</source>
        <translation>Quantity {value} is not a number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A quantity returned must be above 0</source>
        <translation>A quantity returned must be above 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line}: at most {quantity} can be returned</source>
        <translation>Line {line}: at most {quantity} can be returned</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line}: {item} is returned in whole pieces</source>
        <translation>Line {line}: {item} is returned in whole pieces</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line}: a weight has at most 3 decimals</source>
        <translation>Line {line}: a weight has at most 3 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line {line} was returned already</source>
        <translation>Line {line} was returned already</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{amount} is more than the sale has left to give back</source>
        <translation>{amount} is more than the sale has left to give back</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{amount} in cash from the drawer (QPay gives back whole payments only; rounding {rounding})</source>
        <translation>{amount} in cash from the drawer (QPay gives back whole payments only; rounding {rounding})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} in cash from the drawer (QPay gives back whole payments only)</source>
        <translation>{amount} in cash from the drawer (QPay gives back whole payments only)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{amount} in cash from the drawer (rounding {rounding})</source>
        <translation>{amount} in cash from the drawer (rounding {rounding})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} in cash from the drawer</source>
        <translation>{amount} in cash from the drawer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} to the card: refund it on the bank&apos;s terminal</source>
        <translation>{amount} to the card: refund it on the bank&apos;s terminal</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{amount} back to the card through QPay (payment {payment})</source>
        <translation>{amount} back to the card through QPay (payment {payment})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The sale has no valid tax receipt.</source>
        <translation>The sale has no valid tax receipt.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tax receipt is corrected: a new one for what the customer keeps replaces it (same lottery).</source>
        <translation>The tax receipt is corrected: a new one for what the customer keeps replaces it (same lottery).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay&apos;s tax receipt is voided and what the customer keeps gets a new one through PosAPI.</source>
        <translation>QPay&apos;s tax receipt is voided and what the customer keeps gets a new one through PosAPI.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Everything is returned: the tax receipt is voided.</source>
        <translation>Everything is returned: the tax receipt is voided.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The till cannot correct this tax receipt: it stays valid. Correct it in the ebarimt portal, then a manager marks it settled here.</source>
        <translation>The till cannot correct this tax receipt: it stays valid. Correct it in the ebarimt portal, then a manager marks it settled here.</translation>
    </message>
</context>
<context>
    <name>ReturnItemsDialog</name>
    <message>
        <location line="+36"/>
        <source>Return items</source>
        <translation>Return items</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sale {number}: the customer has {amount}</source>
        <translation>Sale {number}: the customer has {amount}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Up/Down: a line · digits: how many go back (a weight: kg) · Space: the whole line · Ctrl+Enter: return · Esc: back</source>
        <translation>Up/Down: a line · digits: how many go back (a weight: kg) · Space: the whole line · Ctrl+Enter: return · Esc: back</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Item</source>
        <translation>Item</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Has</source>
        <translation>Has</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Return</source>
        <translation>Return</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Reason (required, Alt+S):</source>
        <translation>Reason (required, Alt+S):</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>for example: item returned</source>
        <translation>for example: item returned</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Return  (Ctrl+Enter)</source>
        <translation>Return  (Ctrl+Enter)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Back  (Esc)</source>
        <translation>Back  (Esc)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Type how many of a line go back (Space: the whole line).</source>
        <translation>Type how many of a line go back (Space: the whole line).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Say why the items are returned (for example: item returned).</source>
        <translation>Say why the items are returned (for example: item returned).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Give back {amount}:</source>
        <translation>Give back {amount}:</translation>
    </message>
</context>
<context>
    <name>SaleFlow</name>
    <message>
        <location filename="../../pos_app/ui/sale/flow/flow.py" line="+200"/>
        <source>The payment service is still starting. Try again in a moment.</source>
        <translation>The payment service is still starting. Try again in a moment.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The cart is empty: scan or add an item first.</source>
        <translation>The cart is empty: scan or add an item first.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>QPay was tried for this sale already: take the rest in cash or by card, or hand the payments back and start again.</source>
        <translation>QPay was tried for this sale already: take the rest in cash or by card, or hand the payments back and start again.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The invoice could not be created.</source>
        <translation>The invoice could not be created.</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>The invoice was closed by the service: nothing was paid.</source>
        <translation>The invoice was closed by the service: nothing was paid.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The payment service asks us to slow down. Still checking, a little less often.</source>
        <translation>The payment service asks us to slow down. Still checking, a little less often.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The payment service refused our login. Still checking; if this stays, check the username and password in Settings.</source>
        <translation>The payment service refused our login. Still checking; if this stays, check the username and password in Settings.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No connection to the payment service. Still checking; the customer&apos;s payment will show as soon as it is back.</source>
        <translation>No connection to the payment service. Still checking; the customer&apos;s payment will show as soon as it is back.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The payment service is having trouble. Still checking.</source>
        <translation>The payment service is having trouble. Still checking.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checking the payment failed. Still trying.</source>
        <translation>Checking the payment failed. Still trying.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/receipts.py" line="+88"/>
        <source>No PosAPI is set for this sale&apos;s receipt: set it in Settings (Ctrl+,).</source>
        <translation>No PosAPI is set for this sale&apos;s receipt: set it in Settings (Ctrl+,).</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The receipt could not be issued.</source>
        <translation>The receipt could not be issued.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/flow.py" line="+28"/>
        <source>Training: the customer pays…</source>
        <translation>Training: the customer pays…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The training payment failed.</source>
        <translation>The training payment failed.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/cancel.py" line="+47"/>
        <source>This sale is paid, so it cannot be cancelled here. A refund is made from the sales history.</source>
        <translation>This sale is paid, so it cannot be cancelled here. A refund is made from the sales history.</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The sale could not be cancelled. It is still open; try again.</source>
        <translation>The sale could not be cancelled. It is still open; try again.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The customer has already paid, so the sale cannot be cancelled.</source>
        <translation>The customer has already paid, so the sale cannot be cancelled.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Part of the amount is already paid, so the sale cannot simply be cancelled. Press Esc again to invoice the rest, give the part back or keep waiting.</source>
        <translation>Part of the amount is already paid, so the sale cannot simply be cancelled. Press Esc again to invoice the rest, give the part back or keep waiting.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/flow.py" line="-249"/>
        <source>Nothing to pay: the discounts take the whole total. Take one off (Ctrl+D, Ctrl+Shift+D) or clear the cart (F2).</source>
        <translation>Nothing to pay: the discounts take the whole total. Take one off (Ctrl+D, Ctrl+Shift+D) or clear the cart (F2).</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/flow/tenders.py" line="+97"/>
        <source>A payment was recorded for sale {number}, which is no longer on screen: see it in the history (F4).</source>
        <translation>A payment was recorded for sale {number}, which is no longer on screen: see it in the history (F4).</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>The payment was not recorded; it does not count.</source>
        <translation>The payment was not recorded; it does not count.</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>The invoice for the rest: its answer was lost. The till looks it up again in a moment.</source>
        <translation>The invoice for the rest: its answer was lost. The till looks it up again in a moment.</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>The payments could not be handed back.</source>
        <translation>The payments could not be handed back.</translation>
    </message>
</context>
<context>
    <name>SalePage</name>
    <message>
        <location filename="../../pos_app/ui/sale/cart/sale_page.py" line="+57"/>
        <source>Scan or type a code, or type a name  ·  3*code for three</source>
        <translation>Scan or type a code, or type a name  ·  3*code for three</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Free line… (Ctrl+L)</source>
        <translation>Free line… (Ctrl+L)</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The cart is empty. Scan an item to start a sale.</source>
        <translation>The cart is empty. Scan an item to start a sale.</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+102"/>
        <source>Charge  (F12)</source>
        <translation>Charge  (F12)</translation>
    </message>
    <message>
        <location line="-98"/>
        <source>Cash  (F7)</source>
        <translation>Cash  (F7)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card terminal  (F8)</source>
        <translation>Card terminal  (F8)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Before discounts</source>
        <translation>Before discounts</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>incl. VAT</source>
        <translation>incl. VAT</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>incl. city tax</source>
        <translation>incl. city tax</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>Discount</source>
        <translation>Discount</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount (sale {discount})</source>
        <translation>Discount (sale {discount})</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discount (items {items} + sale {sale})</source>
        <translation>Discount (items {items} + sale {sale})</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/sale/cart/entry.py" line="+157"/>
        <source>Nothing in the catalog is called &quot;{words}&quot;.</source>
        <translation>Nothing in the catalog is called &quot;{words}&quot;.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>{item} is sold by weight: type its weight in kg (such as 0.75), then press its key.</source>
        <translation>{item} is sold by weight: type its weight in kg (such as 0.75), then press its key.</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Unknown code {code}: it is not in the catalog. Add it as a free line (Ctrl+L)?</source>
        <translation>Unknown code {code}: it is not in the catalog. Add it as a free line (Ctrl+L)?</translation>
    </message>
    <message>
        <location line="+28"/>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+33"/>
        <source>{quantity} × {item} at {price} comes to {amount}. Is the quantity right?</source>
        <translation>{quantity} × {item} at {price} comes to {amount}. Is the quantity right?</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+4"/>
        <source>Add {quantity}</source>
        <translation>Add {quantity}</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../../pos_app/ui/sale/dialogs/free_line.py" line="+1"/>
        <source>Back to change it</source>
        <translation>Back to change it</translation>
    </message>
    <message numerus="yes">
        <location filename="../../pos_app/ui/sale/cart/sale_page.py" line="+17"/>
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n line</numerusform>
            <numerusform>%n lines</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Removed: {item}</source>
        <translation>Removed: {item}</translation>
    </message>
</context>
<context>
    <name>SalesModel</name>
    <message>
        <location filename="../../pos_app/ui/history/model.py" line="+19"/>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sale</source>
        <translation>Sale</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bank</source>
        <translation>Bank</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lottery</source>
        <translation>Lottery</translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>%n sale(s) · paid {paid}</source>
        <translation>
            <numerusform>%n sale · paid {paid}</numerusform>
            <numerusform>%n sales · paid {paid}</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · given back {back} · net {net}</source>
        <translation> · given back {back} · net {net}</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>The receipt was voided in the tax system.</source>
        <translation>The receipt was voided in the tax system.</translation>
    </message>
</context>
<context>
    <name>ScanRouter</name>
    <message>
        <location filename="../../pos_app/ui/sale/scanning/routing.py" line="+73"/>
        <source>the sale is being paid: finish or cancel it first</source>
        <translation>the sale is being paid: finish or cancel it first</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>answer the question on the screen first</source>
        <translation>answer the question on the screen first</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>close the window &quot;{title}&quot; first</source>
        <translation>close the window &quot;{title}&quot; first</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Not added: {item} ({code}): {why}.</source>
        <translation>Not added: {item} ({code}): {why}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not added: {code}: {why}.</source>
        <translation>Not added: {code}: {why}.</translation>
    </message>
</context>
<context>
    <name>Secrets</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="-69"/>
        <source>No system keyring is available, so the password is kept for this session only and must be entered again after a restart.</source>
        <translation>No system keyring is available, so the password is kept for this session only and must be entered again after a restart.</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <location line="-107"/>
        <source>The {label} must be empty or up to 20 Latin letters and digits.</source>
        <translation>The {label} must be empty or up to 20 Latin letters and digits.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (follow the computer) or a code such as mn or en_US.</source>
        <translation>The {label} must be empty (follow the computer) or a code such as mn or en_US.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty or up to 20 letters and digits, without spaces.</source>
        <translation>The {label} must be empty or up to 20 letters and digits, without spaces.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (none), system, system:&lt;printer name&gt;, or an ESC/POS connection such as usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;name&gt;, cups:&lt;name&gt; or file:/dev/usb/lp0.</source>
        <translation>The {label} must be empty (none), system, system:&lt;printer name&gt;, or an ESC/POS connection such as usb:04b8:0202, serial:COM3, network:192.168.1.50:9100, win32:&lt;name&gt;, cups:&lt;name&gt; or file:/dev/usb/lp0.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The {label} must be empty (a generic printer) or a model name such as TM-T20II.</source>
        <translation>The {label} must be empty (a generic printer) or a model name such as TM-T20II.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be text.</source>
        <translation>The {label} must be text.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain line breaks or control characters.</source>
        <translation>The {label} must not contain line breaks or control characters.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the {label}.</source>
        <translation>Enter the {label}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain spaces.</source>
        <translation>The {label} must not contain spaces.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain a user name or password.</source>
        <translation>The {label} must not contain a user name or password.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must not contain ? or #.</source>
        <translation>The {label} must not contain ? or #.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must start with https:// (plain http only to this computer), so the till&apos;s key cannot be read on the way.</source>
        <translation>The {label} must start with https:// (plain http only to this computer), so the till&apos;s key cannot be read on the way.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 64 hex digits, as &apos;pos-store certificate&apos; prints it.</source>
        <translation>The {label} must be 64 hex digits, as &apos;pos-store certificate&apos; prints it.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter the {label}, for example https://merchant.qpay.mn.</source>
        <translation>Enter the {label}, for example https://merchant.qpay.mn.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In production the {label} must start with https://, so the password and payments cannot be read on the way.</source>
        <translation>In production the {label} must start with https://, so the password and payments cannot be read on the way.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 1 to 20 Latin letters, digits or _.</source>
        <translation>The {label} must be 1 to 20 Latin letters, digits or _.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 80, 58 or 80-42 (80 mm, 42 characters).</source>
        <translation>The {label} must be 80, 58 or 80-42 (80 mm, 42 characters).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} can be at most {maximum} characters.</source>
        <translation>The {label} can be at most {maximum} characters.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a full web address such as {example}.</source>
        <translation>The {label} must be a full web address such as {example}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (off) or a host and port such as 127.0.0.1:8787.</source>
        <translation>The {label} must be empty (off) or a host and port such as 127.0.0.1:8787.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The {label} is up to 4 signs that no code holds (such as ~ or #), or nothing.</source>
        <translation>The {label} is up to 4 signs that no code holds (such as ~ or #), or nothing.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be enter or tab.</source>
        <translation>The {label} must be enter or tab.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be contract (as the contract says) or live (as the live service answers).</source>
        <translation>The {label} must be contract (as the contract says) or live (as the live service answers).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be the shop&apos;s TIN: 11 to 14 digits.</source>
        <translation>The {label} must be the shop&apos;s TIN: 11 to 14 digits.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 1 to 20 Latin letters, digits, - or _.</source>
        <translation>The {label} must be 1 to 20 Latin letters, digits, - or _.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 1 to 3 digits.</source>
        <translation>The {label} must be 1 to 3 digits.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 4 digits.</source>
        <translation>The {label} must be 4 digits.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (off), a range such as 20-29 or a list such as 21,22 of two-digit prefixes from 20 to 29.</source>
        <translation>The {label} must be empty (off), a range such as 20-29 or a list such as 21,22 of two-digit prefixes from 20 to 29.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be weight or price.</source>
        <translation>The {label} must be weight or price.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 4, 5 or 6.</source>
        <translation>The {label} must be 4, 5 or 6.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 4 or 5 when the scale writes a verifier digit.</source>
        <translation>The {label} must be 4 or 5 when the scale writes a verifier digit.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be 0 (whole tögrög) or 2 (with cents).</source>
        <translation>The {label} must be 0 (whole tögrög) or 2 (with cents).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be no or yes (a check digit of the weight or price, just before it).</source>
        <translation>The {label} must be no or yes (a check digit of the weight or price, just before it).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be maximized, full_screen or window.</source>
        <translation>The {label} must be maximized, full_screen or window.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a whole number of minutes from 0 (never) to 240.</source>
        <translation>The {label} must be a whole number of minutes from 0 (never) to 240.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a percent from 0 to 100.</source>
        <translation>The {label} must be a percent from 0 to 100.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be empty (the digits the terminal id ends in) or a number from 1 to 99.</source>
        <translation>The {label} must be empty (the digits the terminal id ends in) or a number from 1 to 99.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Give this till its {label} (1 to 99, its own among the shop&apos;s tills): its terminal id does not end in one.</source>
        <translation>Give this till its {label} (1 to 99, its own among the shop&apos;s tills): its terminal id does not end in one.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 1, 5, 10, 50 or 100 tögrög.</source>
        <translation>The {label} must be 1, 5, 10, 50 or 100 tögrög.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>environment</source>
        <translation>environment</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay service address</source>
        <translation>QPay service address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay user name</source>
        <translation>QPay user name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay invoice code</source>
        <translation>QPay invoice code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>callback address</source>
        <translation>callback address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>callback receiver address</source>
        <translation>callback receiver address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>terminal id</source>
        <translation>terminal id</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop name</source>
        <translation>shop name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>district code</source>
        <translation>district code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>classification code</source>
        <translation>classification code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tax type</source>
        <translation>tax type</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>catalog file</source>
        <translation>catalog file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>language</source>
        <translation>language</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop&apos;s register number</source>
        <translation>shop&apos;s register number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop address</source>
        <translation>shop address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>receipt printer</source>
        <translation>receipt printer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>paper width</source>
        <translation>paper width</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>printer model</source>
        <translation>printer model</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>print after the receipt is issued</source>
        <translation>print after the receipt is issued</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut the paper</source>
        <translation>cut the paper</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>open the cash drawer</source>
        <translation>open the cash drawer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>print text as pictures</source>
        <translation>print text as pictures</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>scanner prefix</source>
        <translation>scanner prefix</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scanner suffix</source>
        <translation>scanner suffix</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training service&apos;s answers</source>
        <translation>training service&apos;s answers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training PosAPI</source>
        <translation>training PosAPI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PosAPI address</source>
        <translation>PosAPI address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shop&apos;s TIN on PosAPI</source>
        <translation>shop&apos;s TIN on PosAPI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POS number</source>
        <translation>POS number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>branch number</source>
        <translation>branch number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>till number on receipts</source>
        <translation>till number on receipts</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale label prefixes</source>
        <translation>scale label prefixes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale label value</source>
        <translation>scale label value</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale item code digits</source>
        <translation>scale item code digits</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale price decimals</source>
        <translation>scale price decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale verifier digit</source>
        <translation>scale verifier digit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window size</source>
        <translation>window size</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lock after idle minutes</source>
        <translation>lock after idle minutes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>discount limit without a manager</source>
        <translation>discount limit without a manager</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cash rounding</source>
        <translation>cash rounding</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sell directly with QPay when the store is down</source>
        <translation>sell directly with QPay when the store is down</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>direct QPay service address</source>
        <translation>direct QPay service address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>direct QPay user name</source>
        <translation>direct QPay user name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>direct QPay invoice code</source>
        <translation>direct QPay invoice code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>store server&apos;s certificate fingerprint</source>
        <translation>store server&apos;s certificate fingerprint</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>The {label} must be a time zone name such as {example}.</source>
        <translation>The {label} must be a time zone name such as {example}.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The {label} must be a percentage below 100 with at most 2 decimals, such as {example}.</source>
        <translation>The {label} must be a percentage below 100 with at most 2 decimals, such as {example}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The {label} must be 1 or 2 (percent).</source>
        <translation>The {label} must be 1 or 2 (percent).</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>time zone</source>
        <translation>time zone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VAT rate</source>
        <translation>VAT rate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>city tax rate</source>
        <translation>city tax rate</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+83"/>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+52"/>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay sandbox</source>
        <translation>QPay sandbox</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Production</source>
        <translation>Production</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Training uses the built-in practice service: no real money, no account needed.</source>
        <translation>Training uses the built-in practice service: no real money, no account needed.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>As the contract says</source>
        <translation>As the contract says</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>As the live service answers</source>
        <translation>As the live service answers</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/actions.py" line="+255"/>
        <location filename="../../pos_app/ui/settings/sections.py" line="+26"/>
        <source>Test connection</source>
        <translation>Test connection</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+9"/>
        <source>Environment</source>
        <translation>Environment</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Training service answers</source>
        <translation>Training service answers</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+166"/>
        <location filename="../../pos_app/ui/settings/sections.py" line="+2"/>
        <source>QPay address</source>
        <translation>QPay address</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+2"/>
        <source>Username</source>
        <translation>Username</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+1"/>
        <location filename="../../pos_app/ui/settings/sections.py" line="+7"/>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+7"/>
        <source>Invoice code</source>
        <translation>Invoice code</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callback URL</source>
        <translation>Callback URL</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty: the app&apos;s own default</source>
        <translation>empty: the app&apos;s own default</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callback receiver</source>
        <translation>Callback receiver</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>off, or e.g. 127.0.0.1:8787</source>
        <translation>off, or e.g. 127.0.0.1:8787</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The till listens here for the service&apos;s payment callbacks and checks at once when one arrives (it never takes a callback as proof of payment). The service must reach this address: set the Callback URL to the public address that forwards to it.</source>
        <translation>The till listens here for the service&apos;s payment callbacks and checks at once when one arrives (it never takes a callback as proof of payment). The service must reach this address: set the Callback URL to the public address that forwards to it.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Payment service</source>
        <translation>Payment service</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Direct QPay address</source>
        <translation>Direct QPay address</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Direct QPay username</source>
        <translation>Direct QPay username</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Direct QPay password</source>
        <translation>Direct QPay password</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Direct QPay invoice code</source>
        <translation>Direct QPay invoice code</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Terminal id</source>
        <translation>Terminal id</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shop name</source>
        <translation>Shop name</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>printed on receipts</source>
        <translation>printed on receipts</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Register no.</source>
        <translation>Register no.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Address</source>
        <translation>Address</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Browse…</source>
        <translation>Browse…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Catalog file</source>
        <translation>Catalog file</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The computer&apos;s language</source>
        <translation>The computer&apos;s language</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The till&apos;s language; receipts print in it too. It changes as soon as the settings are saved.</source>
        <translation>The till&apos;s language; receipts print in it too. It changes as soon as the settings are saved.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Language</source>
        <translation>Language</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This till</source>
        <translation>This till</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Receipts through the training PosAPI</source>
        <translation>Receipts through the training PosAPI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every sale&apos;s receipt, cash and the card terminal too, through a practice PosAPI.</source>
        <translation>Every sale&apos;s receipt, cash and the card terminal too, through a practice PosAPI.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PosAPI address</source>
        <translation>PosAPI address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none; e.g. http://localhost:7080</source>
        <translation>none; e.g. http://localhost:7080</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The tax authority&apos;s PosAPI 3.0 on this shop&apos;s computer or network. With it, every sale&apos;s receipt (cash, card terminal, QPay) goes through it; without it, only QPay sales get a receipt (QPay&apos;s).</source>
        <translation>The tax authority&apos;s PosAPI 3.0 on this shop&apos;s computer or network. With it, every sale&apos;s receipt (cash, card terminal, QPay) goes through it; without it, only QPay sales get a receipt (QPay&apos;s).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Registered</source>
        <translation>Registered</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shop&apos;s TIN</source>
        <translation>Shop&apos;s TIN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>POS</source>
        <translation>POS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Branch, district, till</source>
        <translation>Branch, district, till</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Till</source>
        <translation>Till</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This till&apos;s number on its receipts, 1 to 99, its own among the tills on one PosAPI (empty: the digits its terminal id ends in).</source>
        <translation>This till&apos;s number on its receipts, 1 to 99, its own among the tills on one PosAPI (empty: the digits its terminal id ends in).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Codes</source>
        <translation>Codes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classification</source>
        <translation>Classification</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Maximized</source>
        <translation>Maximized</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Full screen</source>
        <translation>Full screen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A window</source>
        <translation>A window</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Weight</source>
        <translation>Weight</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Price</source>
        <translation>Price</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No</source>
        <translation>No</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Yes</source>
        <translation>Yes</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>VAT (%)</source>
        <translation>VAT (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City tax (%)</source>
        <translation>City tax (%)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Enter key</source>
        <translation>Enter key</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tab key</source>
        <translation>Tab key</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>Branch</source>
        <translation>Branch</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>District</source>
        <translation>District</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tax type</source>
        <translation>Tax type</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tax receipt (ebarimt)</source>
        <translation>Tax receipt (ebarimt)</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="-140"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+77"/>
        <source>Barcode scanner</source>
        <translation>Barcode scanner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefix</source>
        <translation>Prefix</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suffix</source>
        <translation>Suffix</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/printer.py" line="+73"/>
        <source>None</source>
        <translation>None</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>System printer</source>
        <translation>System printer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS over USB</source>
        <translation>ESC/POS over USB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS over the network</source>
        <translation>ESC/POS over the network</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS over a serial port</source>
        <translation>ESC/POS over a serial port</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS via a Windows printer</source>
        <translation>ESC/POS via a Windows printer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS via a CUPS queue</source>
        <translation>ESC/POS via a CUPS queue</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ESC/POS to a device file</source>
        <translation>ESC/POS to a device file</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>80 mm</source>
        <translation>80 mm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>58 mm</source>
        <translation>58 mm</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>80 mm, 42 characters</source>
        <translation>80 mm, 42 characters</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For 180 dpi printers such as the Epson TM-T88 series (512 dots a line).</source>
        <translation>For 180 dpi printers such as the Epson TM-T88 series (512 dots a line).</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="-127"/>
        <source>the sample catalog</source>
        <translation>the sample catalog</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/printer.py" line="+9"/>
        <source>generic printer</source>
        <translation>generic printer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The printer&apos;s model, when it is in the list: the till then knows which letters it can print as text. Leave empty when unsure.</source>
        <translation>The printer&apos;s model, when it is in the list: the till then knows which letters it can print as text. Leave empty when unsure.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Print when the receipt is issued</source>
        <translation>Print when the receipt is issued</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cut the paper</source>
        <translation>Cut the paper</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open the cash drawer</source>
        <translation>Open the cash drawer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print text as pictures</source>
        <translation>Print text as pictures</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>For a printer that prints wrong letters: every line goes as a picture (slower, always right).</source>
        <translation>For a printer that prints wrong letters: every line goes as a picture (slower, always right).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Print test page</source>
        <translation>Print test page</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Printer</source>
        <translation>Printer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paper</source>
        <translation>Paper</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Receipt printer</source>
        <translation>Receipt printer</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>empty: the computer&apos;s default printer</source>
        <translation>empty: the computer&apos;s default printer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vendor:product, e.g. 04b8:0202</source>
        <translation>vendor:product, e.g. 04b8:0202</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>address[:port], e.g. 192.168.1.50:9100</source>
        <translation>address[:port], e.g. 192.168.1.50:9100</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>port[:baud], e.g. COM3 or /dev/ttyUSB0:115200</source>
        <translation>port[:baud], e.g. COM3 or /dev/ttyUSB0:115200</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the printer&apos;s name in Windows</source>
        <translation>the printer&apos;s name in Windows</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the CUPS queue&apos;s name</source>
        <translation>the CUPS queue&apos;s name</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. /dev/usb/lp0</source>
        <translation>e.g. /dev/usb/lp0</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Printing the test page…</source>
        <translation>Printing the test page…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The test page did not print. {reason}</source>
        <translation>The test page did not print. {reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The test page did not print.</source>
        <translation>The test page did not print.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The test page went to {printer}: check every letter on it.</source>
        <translation>The test page went to {printer}: check every letter on it.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/dialog.py" line="+33"/>
        <source>Payments and till</source>
        <translation>Payments and till</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Receipts, printer, counter, scale</source>
        <translation>Receipts, printer, counter, scale</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Store address</source>
        <translation>Store address</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Till key</source>
        <translation>Till key</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not needed in Training</source>
        <translation>not needed in Training</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stored in the system keyring</source>
        <translation>stored in the system keyring</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>kept for this session only</source>
        <translation>kept for this session only</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/actions.py" line="-138"/>
        <source>Could not read the saved password: {}</source>
        <translation>Could not read the saved password: {}</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+46"/>
        <source>Could not read the saved password ({}).</source>
        <translation>Could not read the saved password ({}).</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Enter the till key first.</source>
        <translation>Enter the till key first.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Enter the password first.</source>
        <translation>Enter the password first.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+61"/>
        <source>Testing the connection…</source>
        <translation>Testing the connection…</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Testing…</source>
        <translation>Testing…</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+57"/>
        <source>Could not connect.</source>
        <translation>Could not connect.</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>The store server has a certificate of its own. Its SHA-256 fingerprint:

{fingerprint}

Is it the same as what &apos;pos-store certificate&apos; prints on the store&apos;s computer? Compare every pair. Pinned, this till trusts this certificate alone, and refuses the store if it ever changes.</source>
        <translation>The store server has a certificate of its own. Its SHA-256 fingerprint:

{fingerprint}

Is it the same as what &apos;pos-store certificate&apos; prints on the store&apos;s computer? Compare every pair. Pinned, this till trusts this certificate alone, and refuses the store if it ever changes.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The same: pin it</source>
        <translation>The same: pin it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not the same</source>
        <translation>Not the same</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not connected: the store&apos;s certificate was not pinned.</source>
        <translation>Not connected: the store&apos;s certificate was not pinned.</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Connected: logged in as {}.</source>
        <translation>Connected: logged in as {}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>PosAPI answers: {left} lottery numbers left.</source>
        <translation>PosAPI answers: {left} lottery numbers left.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PosAPI answers.</source>
        <translation>PosAPI answers.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Choose the catalog</source>
        <translation>Choose the catalog</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV files (*.csv);;All files (*)</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/settings/sections.py" line="+120"/>
        <source>1 or 2</source>
        <translation>1 or 2</translation>
    </message>
    <message>
        <location line="-108"/>
        <source>Time zone</source>
        <translation>Time zone</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>Store server</source>
        <translation>Store server</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The shop&apos;s store server takes this till&apos;s payments to QPay: enter its address and the key &apos;pos-store add-till&apos; gave this terminal id.</source>
        <translation>The shop&apos;s store server takes this till&apos;s payments to QPay: enter its address and the key &apos;pos-store add-till&apos; gave this terminal id.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sell directly with QPay when the store is down</source>
        <translation>Sell directly with QPay when the store is down</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The owner&apos;s choice. Without it, QPay sales wait until the store answers.</source>
        <translation>The owner&apos;s choice. Without it, QPay sales wait until the store answers.</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Store certificate</source>
        <translation>Store certificate</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pinned by Test connection</source>
        <translation>pinned by Test connection</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The SHA-256 fingerprint of the store server&apos;s own certificate, pinned when you test the connection and compare it with what &apos;pos-store certificate&apos; prints on the store&apos;s computer.</source>
        <translation>The SHA-256 fingerprint of the store server&apos;s own certificate, pinned when you test the connection and compare it with what &apos;pos-store certificate&apos; prints on the store&apos;s computer.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>the shop&apos;s register number, printed on receipts</source>
        <translation>the shop&apos;s register number, printed on receipts</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>the shop&apos;s dates, e.g. Asia/Ulaanbaatar</source>
        <translation>the shop&apos;s dates, e.g. Asia/Ulaanbaatar</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Window</source>
        <translation>Window</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lock after idle (minutes)</source>
        <translation>Lock after idle (minutes)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0: never (with PINs set up)</source>
        <translation>0: never (with PINs set up)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Discount limit (%)</source>
        <translation>Discount limit (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>above it, a manager&apos;s PIN</source>
        <translation>above it, a manager&apos;s PIN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash rounding (₮)</source>
        <translation>Cash rounding (₮)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1, 5, 10, 50 or 100: cash is paid to a multiple of it</source>
        <translation>1, 5, 10, 50 or 100: cash is paid to a multiple of it</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>At the counter</source>
        <translation>At the counter</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Prefixes</source>
        <translation>Prefixes</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Holds</source>
        <translation>Holds</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Code digits</source>
        <translation>Code digits</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checks</source>
        <translation>Checks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Price decimals</source>
        <translation>Price decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Verifier digit</source>
        <translation>Verifier digit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale labels</source>
        <translation>Scale labels</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Tax rates</source>
        <translation>Tax rates</translation>
    </message>
</context>
<context>
    <name>Shift</name>
    <message>
        <location filename="../../pos_app/ui/shift/actions.py" line="+47"/>
        <source>Amount {value} is not a number</source>
        <translation>Amount {value} is not a number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type the cash counted in the drawer (0 when it is empty), then Enter</source>
        <translation>Type the cash counted in the drawer (0 when it is empty), then Enter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Counted cash must be at least 0, below 10^12, with at most 2 decimals</source>
        <translation>Counted cash must be at least 0, below 10^12, with at most 2 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A cash move must be above 0, below 10^12, with at most 2 decimals</source>
        <translation>A cash move must be above 0, below 10^12, with at most 2 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shift needs its terminal&apos;s id</source>
        <translation>The shift needs its terminal&apos;s id</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A shift&apos;s moments need their time zone</source>
        <translation>A shift&apos;s moments need their time zone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shift is already closed</source>
        <translation>The shift is already closed</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The shift is closed: its Z report holds its figures</source>
        <translation>The shift is closed: its Z report holds its figures</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A note is at most {maximum} characters</source>
        <translation>A note is at most {maximum} characters</translation>
    </message>
</context>
<context>
    <name>ShiftDialog</name>
    <message>
        <location line="+90"/>
        <source>Reading the journal…</source>
        <translation>Reading the journal…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not read the shift from the journal.</source>
        <translation>Could not read the shift from the journal.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Read at {time}.</source>
        <translation>Read at {time}.</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Opening the shift…</source>
        <translation>Opening the shift…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A shift was opened already (elsewhere): it is shown now.</source>
        <translation>A shift was opened already (elsewhere): it is shown now.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shift did not open.</source>
        <translation>The shift did not open.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shift opened at {time} with {amount} in the drawer.</source>
        <translation>Shift opened at {time} with {amount} in the drawer.</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Close the shift with {counted} counted in the drawer? Expected {expected}: {difference}. Its Z report is stored and never changes.</source>
        <translation>Close the shift with {counted} counted in the drawer? Expected {expected}: {difference}. Its Z report is stored and never changes.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close the shift</source>
        <translation>Close the shift</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keep it open</source>
        <translation>Keep it open</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Closing the shift…</source>
        <translation>Closing the shift…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No shift is open any more: it was closed elsewhere.</source>
        <translation>No shift is open any more: it was closed elsewhere.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The shift did not close.</source>
        <translation>The shift did not close.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Shift closed at {time}: its Z report is stored.</source>
        <translation>Shift closed at {time}: its Z report is stored.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The Z report</source>
        <translation>The Z report</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The X report</source>
        <translation>The X report</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Printing…</source>
        <translation>Printing…</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Save the shift report as CSV</source>
        <translation>Save the shift report as CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Saving…</source>
        <translation>Saving…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not save {path}: {reason}. Choose another folder and try again.</source>
        <translation>Could not save {path}: {reason}. Choose another folder and try again.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Could not save {path} ({error}).</source>
        <translation>Could not save {path} ({error}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saved to {path}.</source>
        <translation>Saved to {path}.</translation>
    </message>
    <message>
        <location filename="../../pos_app/ui/shift/dialog.py" line="+81"/>
        <source>Shift</source>
        <translation>Shift</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Float counted in the drawer</source>
        <translation>&amp;Float counted in the drawer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open shift  (Enter)</source>
        <translation>Open shift  (Enter)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cash &amp;counted in the drawer</source>
        <translation>Cash &amp;counted in the drawer</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Close shift (Z report)…</source>
        <translation>Close shift (Z report)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Count the drawer, then store the shift&apos;s Z report: it never changes afterwards</source>
        <translation>Count the drawer, then store the shift&apos;s Z report: it never changes afterwards</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Refresh  (F5)</source>
        <translation>Refresh  (F5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print X report  (Ctrl+P)</source>
        <translation>Print X report  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print Z report  (Ctrl+P)</source>
        <translation>Print Z report  (Ctrl+P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export…  (Ctrl+E)</source>
        <translation>Export…  (Ctrl+E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the report shown as a CSV file</source>
        <translation>Save the report shown as a CSV file</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Reading the shift…</source>
        <translation>Reading the shift…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No shift is open on terminal {terminal}. Count the cash in the drawer and open one with it as its float.</source>
        <translation>No shift is open on terminal {terminal}. Count the cash in the drawer and open one with it as its float.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shift open since {moment} on terminal {terminal}.</source>
        <translation>Shift open since {moment} on terminal {terminal}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shift of {opened} closed at {closed} on terminal {terminal}: its Z report is stored.</source>
        <translation>Shift of {opened} closed at {closed} on terminal {terminal}: its Z report is stored.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Expected in the drawer: {amount}</source>
        <translation>Expected in the drawer: {amount}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Type the cash counted in the drawer.</source>
        <translation>Type the cash counted in the drawer.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Difference: {difference}</source>
        <translation>Difference: {difference}</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Count</source>
        <translation>Count</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Taken</source>
        <translation>Taken</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cash drawer</source>
        <translation>Cash drawer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Float</source>
        <translation>Float</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash given by customers</source>
        <translation>Cash given by customers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change handed back</source>
        <translation>Change handed back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash rounding (whole tögrög)</source>
        <translation>Cash rounding (whole tögrög)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paid in</source>
        <translation>Paid in</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paid out</source>
        <translation>Paid out</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Expected in the drawer</source>
        <translation>Expected in the drawer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Counted</source>
        <translation>Counted</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Difference</source>
        <translation>Difference</translation>
    </message>
</context>
<context>
    <name>TenderPage</name>
    <message>
        <location filename="../../pos_app/ui/sale/pages/tender_page.py" line="+60"/>
        <source>Due</source>
        <translation>Due</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No PosAPI is set: a sale paid by cash or the card terminal gets no tax receipt. Set PosAPI in Settings (Ctrl+,).</source>
        <translation>No PosAPI is set: a sale paid by cash or the card terminal gets no tax receipt. Set PosAPI in Settings (Ctrl+,).</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Amount the customer gave</source>
        <translation>Amount the customer gave</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+40"/>
        <source>Cash  (F7)</source>
        <translation>Cash  (F7)</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>Given</source>
        <translation>Given</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>From the terminal&apos;s slip, such as 123456</source>
        <translation>From the terminal&apos;s slip, such as 123456</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+21"/>
        <source>Card terminal  (F8)</source>
        <translation>Card terminal  (F8)</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>Charge the card on the bank&apos;s terminal first, then type its approval code.</source>
        <translation>Charge the card on the bank&apos;s terminal first, then type its approval code.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Approval code</source>
        <translation>Approval code</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Take the payment  (Enter)</source>
        <translation>Take the payment  (Enter)</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+49"/>
        <source>QPay for the rest  (F12)</source>
        <translation>QPay for the rest  (F12)</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>Back  (Esc)</source>
        <translation>Back  (Esc)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Taken so far</source>
        <translation>Taken so far</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Sale {number}  ·  total {total}</source>
        <translation>Sale {number}  ·  total {total}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(new)</source>
        <translation>(new)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nothing yet</source>
        <translation>Nothing yet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>QPay  (F12)</source>
        <translation>QPay  (F12)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hand back…  (Esc)</source>
        <translation>Hand back…  (Esc)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to the cart  (Esc)</source>
        <translation>Back to the cart  (Esc)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cash {amount} (given {given}, change {change}, rounding {rounding})</source>
        <translation>Cash {amount} (given {given}, change {change}, rounding {rounding})</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cash {amount} (given {given}, change {change})</source>
        <translation>Cash {amount} (given {given}, change {change})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cash {amount}</source>
        <translation>Cash {amount}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Card terminal {amount} (approval {code})</source>
        <translation>Card terminal {amount} (approval {code})</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>In cash {amount} (rounding {rounding})</source>
        <translation>In cash {amount} (rounding {rounding})</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Still due after this</source>
        <translation>Still due after this</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change</source>
        <translation>Change</translation>
    </message>
</context>
<context>
    <name>Tenders</name>
    <message>
        <location filename="../../pos_app/ui/common/messages.py" line="-103"/>
        <source>Amount {value} is not a number</source>
        <translation>Amount {value} is not a number</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An amount must be above 0, below 10^12, with at most 2 decimals</source>
        <translation>An amount must be above 0, below 10^12, with at most 2 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sale&apos;s total must be above 0, below 10^12, with at most 2 decimals</source>
        <translation>The sale&apos;s total must be above 0, below 10^12, with at most 2 decimals</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing more is due: the sale is paid</source>
        <translation>Nothing more is due: the sale is paid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The sale is completed: its tenders cannot change</source>
        <translation>The sale is completed: its tenders cannot change</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{due} is still due</source>
        <translation>{due} is still due</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A card terminal gives no change: charge at most {due}</source>
        <translation>A card terminal gives no change: charge at most {due}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A QPay payment may cover at most {due}</source>
        <translation>A QPay payment may cover at most {due}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash applies at most {due} to the sale: the rest is change</source>
        <translation>Cash applies at most {due} to the sale: the rest is change</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The approval code is 4 to 12 letters or digits, as on the terminal&apos;s slip</source>
        <translation>The approval code is 4 to 12 letters or digits, as on the terminal&apos;s slip</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A QPay tender needs the id of its payment</source>
        <translation>A QPay tender needs the id of its payment</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>QPay payment id {value} is not valid</source>
        <translation>QPay payment id {value} is not valid</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A QPay tender holds at most {maximum} payments</source>
        <translation>A QPay tender holds at most {maximum} payments</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>There is no tender to take off</source>
        <translation>There is no tender to take off</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the tender that covers the sale gives change</source>
        <translation>Only the tender that covers the sale gives change</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cash is whole tögrög: {value} has möngö</source>
        <translation>Cash is whole tögrög: {value} has möngö</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the cash that covers the sale is rounded, and by at most 50 ₮</source>
        <translation>Only the cash that covers the sale is rounded, and by at most 50 ₮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{given} in cash would leave {change} of change: no till hands that back. Type what the customer gave</source>
        <translation>{given} in cash would leave {change} of change: no till hands that back. Type what the customer gave</translation>
    </message>
</context>
<context>
    <name>TillPeople</name>
    <message>
        <location filename="../../pos_app/ui/people/till_people.py" line="+38"/>
        <source>give money back</source>
        <translation>give money back</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>void a tax receipt</source>
        <translation>void a tax receipt</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>change a price</source>
        <translation>change a price</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>open Settings</source>
        <translation>open Settings</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>open the drawer without a sale</source>
        <translation>open the drawer without a sale</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>give a discount this large</source>
        <translation>give a discount this large</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>set up people and PINs</source>
        <translation>set up people and PINs</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>A manager&apos;s PIN is needed to {what}.</source>
        <translation>A manager&apos;s PIN is needed to {what}.</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+33"/>
        <source>That PIN is nobody&apos;s here. Try again.</source>
        <translation>That PIN is nobody&apos;s here. Try again.</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>{name} is not a manager: a manager&apos;s PIN is needed.</source>
        <translation>{name} is not a manager: a manager&apos;s PIN is needed.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Enter your PIN to sign in.</source>
        <translation>Enter your PIN to sign in.</translation>
    </message>
</context>
</TS>
