local url = require("socket.url")
print(url.escape("a/b"))
