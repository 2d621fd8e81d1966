from werkzeug.urls import uri_to_iri
print(uri_to_iri("http://%77ww.%C3%A9.example/"))
