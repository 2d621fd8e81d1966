import furl
q = furl.Query()
q.params["q"] = "*~"
print(q.encode())
