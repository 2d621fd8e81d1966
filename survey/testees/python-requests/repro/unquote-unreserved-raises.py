from requests.utils import unquote_unreserved
try:
    print(unquote_unreserved("/%zz/%41"))
except Exception as e:
    print(type(e).__name__)
