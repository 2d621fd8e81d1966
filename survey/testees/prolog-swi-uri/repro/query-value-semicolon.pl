% The docs list ';' among the characters query_value passes verbatim.
:- use_module(library(uri)).
:- uri_encoded(query_value, 'a;b', E), writeln(E).
:- halt.
