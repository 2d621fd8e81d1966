from tornado.escape import url_escape
print(url_escape("a/b", plus=False))
