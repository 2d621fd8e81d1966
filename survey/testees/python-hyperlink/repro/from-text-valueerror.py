from hyperlink import URL
try:
    print(URL.from_text("):").to_text())
except Exception as e:
    print(type(e).__name__)
