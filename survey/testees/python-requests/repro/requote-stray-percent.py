from requests.utils import requote_uri
print(requote_uri("http://example.com/100%"))
