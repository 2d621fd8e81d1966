from hyperlink import URL
try:
    print(URL.from_text("http://[::1]:8080/é").to_uri().to_text())
except Exception as e:
    print(type(e).__name__)
