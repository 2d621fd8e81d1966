# application/x-www-form-urlencoded (WHATWG URL §5.2, and HTML 4.01 §17.13.4.1)
# escapes ; , ~ ! ' ( ) $ in a value
from werkzeug.urls import url_quote_plus
print(url_quote_plus("a;b,c~d!e'f(g)h$i"))
