from werkzeug.urls import uri_to_iri
print(uri_to_iri("http://XN--R8JZ45G.jp/"))
