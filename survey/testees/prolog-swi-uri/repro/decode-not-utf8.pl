% %E9 is no UTF-8 and %C0%80 an overlong form: each should decode to U+FFFD (65533)
:- use_module(library(uri)).
:- uri_encoded(query_value, V, '%E9t%C0%80'), atom_codes(V, Cs), print(Cs), nl.
:- halt.
