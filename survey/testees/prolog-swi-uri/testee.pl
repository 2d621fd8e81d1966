% A pctest testee (testee/PROTOCOL.md) for SWI-Prolog's library(uri)
% uri_encoded/3 in mode (+Component, +Value, -Encoded). The first argument
% names the component; its row answers percentEncodeSet for the RFC 3986
% set of that component only:
%
%   query_value  percentEncodeSet rfc3986.query     uri_encoded(query_value, V, E)
%   fragment     percentEncodeSet rfc3986.fragment  uri_encoded(fragment, V, E)
%   path         percentEncodeSet rfc3986.path      uri_encoded(path, V, E)
%   segment      percentEncodeSet rfc3986.pchar     uri_encoded(segment, V, E)
%
% and the query_value row also answers
%
%                formDecode                         uri_encoded(query_value, -V, +E)
%
% The normalize row answers
%
%                normalize                          uri_normalized(URI, N)
%
% Every other op or set is answered "unsupported"; so are octets that are
% not UTF-8, since uri_encoded/3 takes text, and text with a lone surrogate. The few request fields are read
% by hand; answers are out_utf16.
:- use_module(library(uri)).
:- use_module(library(utf8)).
:- initialization(main, main).

component_set(query_value, "rfc3986.query").
component_set(fragment, "rfc3986.fragment").
component_set(path, "rfc3986.path").
component_set(segment, "rfc3986.pchar").

% field(+Line, +Name, -Value): the value of "Name" (a number or a string
% without escapes).
field(Line, Name, Value) :-
    format(string(Key), "\"~w\":", [Name]),
    sub_string(Line, B, L, _, Key), !,
    S is B + L,
    sub_string(Line, S, _, 0, Rest0),
    split_string(Rest0, "", " \"", [Rest]),
    string_codes(Rest, Codes),
    take(Codes, VCodes),
    string_codes(Value, VCodes).

take([], []).
take([C|_], []) :- memberchk(C, `",}`), !.
take([C|Cs], [C|Vs]) :- take(Cs, Vs).

hex_bytes([], []).
hex_bytes([H, L|T], [B|Bs]) :-
    char_type(H, xdigit(X)), char_type(L, xdigit(Y)),
    B is X * 16 + Y,
    hex_bytes(T, Bs).

% Strict UTF-8: decode, then check that the code points encode back to the
% same octets and that none is a surrogate.
utf8_text(Bytes, Codes) :-
    phrase(utf8_codes(Codes), Bytes), !,
    forall(member(C, Codes), (C < 0xD800 ; C > 0xDFFF, C =< 0x10FFFF)),
    phrase(utf8_codes(Codes), Back), Back == Bytes.

% Code points of UTF-16 code units in hex; fails on a lone surrogate.
utf16_codes(Hex, Codes) :-
    string_codes(Hex, Cs), units(Cs, Us), pairs(Us, Codes).
units([], []).
units([A,B,C,D|T], [U|Us]) :- number_codes(U, [0'0, 0'x, A, B, C, D]), units(T, Us).
pairs([], []).
pairs([H,L|T], [C|Cs]) :- H >= 0xD800, H =< 0xDBFF, L >= 0xDC00, L =< 0xDFFF, !,
    C is 0x10000 + (H - 0xD800) * 0x400 + (L - 0xDC00), pairs(T, Cs).
pairs([U|T], [U|Cs]) :- (U < 0xD800 ; U > 0xDFFF), pairs(T, Cs).

codes_utf16(Codes, Hex) :-
    maplist(code_utf16, Codes, Parts),
    atomic_list_concat(Parts, Hex).

code_utf16(C, S) :-
    (   C > 0xFFFF
    ->  V is C - 0x10000, H is 0xD800 + (V >> 10), L is 0xDC00 + (V /\ 0x3FF),
        format(string(S), "~|~`0t~16r~4+~|~`0t~16r~4+", [H, L])
    ;   format(string(S), "~|~`0t~16r~4+", [C])
    ).

answer(query_value, Line, Answer) :-
    field(Line, op, "formDecode"), !,
    field(Line, id, Id),
    (   field(Line, in_utf16, Hex), utf16_codes(Hex, Codes)
    ->  atom_codes(Encoded, Codes),
        catch(( uri_encoded(query_value, Value, Encoded),
                atom_codes(Value, Out), codes_utf16(Out, U16),
                format(string(Answer), "{\"id\":~w,\"out_utf16\":\"~w\"}", [Id, U16]) ),
              E,
              ( E = error(Formal, _), functor(Formal, Kind, _),
                format(string(Answer), "{\"id\":~w,\"error\":\"~w\"}", [Id, Kind]) ))
    ;   format(string(Answer), "{\"id\":~w,\"unsupported\":true}", [Id])
    ).
answer(normalize, Line, Answer) :- !,
    field(Line, id, Id),
    (   field(Line, op, "normalize"),
        field(Line, in_utf16, Hex), utf16_codes(Hex, Codes)
    ->  atom_codes(URI, Codes),
        catch(( uri_normalized(URI, Norm),
                atom_codes(Norm, Out), codes_utf16(Out, U16),
                format(string(Answer), "{\"id\":~w,\"out_utf16\":\"~w\"}", [Id, U16]) ),
              E,
              ( E = error(Formal, _), functor(Formal, Kind, _),
                format(string(Answer), "{\"id\":~w,\"error\":\"~w\"}", [Id, Kind]) ))
    ;   format(string(Answer), "{\"id\":~w,\"unsupported\":true}", [Id])
    ).
answer(Comp, Line, Answer) :-
    field(Line, id, Id),
    (   field(Line, op, "percentEncodeSet"),
        field(Line, set, Set), component_set(Comp, Set),
        field(Line, in_hex, Hex),
        string_chars(Hex, HexChars), hex_bytes(HexChars, Bytes),
        utf8_text(Bytes, Codes)
    ->  atom_codes(Value, Codes),
        catch(( uri_encoded(Comp, Value, Encoded),
                atom_codes(Encoded, Out),
                maplist([C, H]>>format(string(H), "~|~`0t~16r~4+", [C]), Out, Hs),
                atomic_list_concat(Hs, U16),
                format(string(Answer), "{\"id\":~w,\"out_utf16\":\"~w\"}", [Id, U16]) ),
              E,
              ( E = error(Formal, _), functor(Formal, Kind, _),
                format(string(Answer), "{\"id\":~w,\"error\":\"~w\"}", [Id, Kind]) ))
    ;   format(string(Answer), "{\"id\":~w,\"unsupported\":true}", [Id])
    ).

loop(Comp) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  true
    ;   (   answer(Comp, Line, A) -> format("~s~n", [A]), flush_output ; true ),
        loop(Comp)
    ).

main :-
    current_prolog_flag(argv, [Arg|_]),
    atom_string(Comp, Arg),
    (   ( component_set(Comp, _) ; Comp == normalize ) -> true
    ;   format(user_error, "testee: unknown component ~w~n", [Arg]), halt(2)
    ),
    loop(Comp).
