from werkzeug.urls import url_quote
print(url_quote("a;b!c", safe=""))
