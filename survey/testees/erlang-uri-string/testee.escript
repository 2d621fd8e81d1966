#!/usr/bin/env escript
%% -*- coding: utf-8 -*-
%% A pctest testee (protocol version 1, testee/PROTOCOL.md) for Erlang/OTP's
%% uri_string (OTP 25+). The argument picks the function set, one row each:
%%
%%   quote  uri_string:quote(S)                   percentEncode
%%          uri_string:unquote(S)                 percentDecode
%%   query  uri_string:compose_query([{S, true}]) formEncode
%%          uri_string:dissect_query(S)           formDecode
%%   latin1 uri_string:compose_query([{S, true}], [{encoding, latin1}])
%%                                                formEncodeLegacy, for the
%%          labels of windows-1252 only (WHATWG's "latin1", "iso-8859-1" …)
%%   normalize uri_string:normalize(S)            normalize
%%
%% Run it in the runner's -utf16hex mode: request lines are then ASCII, read
%% with a regular expression (OTP 25 has no JSON module). Text becomes a
%% UTF-8 binary; text with a lone surrogate has no such form and is answered
%% "unsupported", as are octets that are not UTF-8 (not unicode:chardata),
%% a formDecode input with '&' or '=' (no single name) and every other op.
%% An error tuple {error, Reason, _} is answered with Reason as the error
%% kind; unquote's invalid_percent_encoding is percentDecode's
%% MalformedEscape.
-mode(compile).

main([Which]) when Which =:= "quote"; Which =:= "query"; Which =:= "latin1"; Which =:= "normalize" ->
    ok = io:setopts(standard_io, [binary]),
    loop(list_to_atom(Which));
main(_) ->
    io:format(standard_error, "usage: testee.escript quote|query|latin1|normalize~n", []),
    halt(2).

loop(Which) ->
    case io:get_line(standard_io, "") of
        eof -> ok;
        Line ->
            case re:run(Line, "\"id\":([0-9]+)", [{capture, all_but_first, binary}]) of
                {match, [Id]} ->
                    io:put_chars(["{\"id\":", Id, answer(Which, field(Line, "op"), Line), "}\n"]);
                _ -> ok
            end,
            loop(Which)
    end.

field(Line, Name) ->
    case re:run(Line, ["\"", Name, "\":\"([^\"]*)\""], [{capture, all_but_first, binary}]) of
        {match, [V]} -> V;
        _ -> undefined
    end.

answer(Which, Op, Line) ->
    put({arg, encoding}, case field(Line, "encoding") of undefined -> undefined; E -> binary_to_list(E) end),
    In = case {field(Line, "in_utf16"), field(Line, "in_hex")} of
             {undefined, undefined} -> undefined;
             {undefined, Hex} -> octets(Hex);
             {U16, _} -> text(U16)
         end,
    case In of
        bad -> ",\"unsupported\":true";
        undefined -> ",\"unsupported\":true";
        _ -> result(Op, catch call(Which, Op, In))
    end.

%% octets: the binary, or bad when it is not UTF-8.
octets(Hex) ->
    B = binary:decode_hex(Hex),
    case unicode:characters_to_binary(B) of
        B -> B;
        _ -> bad
    end.

%% text: the UTF-8 of UTF-16 code units in hex, or bad for a lone surrogate.
text(Hex) ->
    case unicode:characters_to_binary(binary:decode_hex(Hex), {utf16, big}, utf8) of
        B when is_binary(B) -> B;
        _ -> bad
    end.

call(quote, <<"percentEncode">>, S) -> {text, uri_string:quote(S)};
call(quote, <<"percentDecode">>, S) -> {octets, uri_string:unquote(S)};
call(query, <<"formEncode">>, S) -> {text, uri_string:compose_query([{S, true}])};
call(query, <<"formDecode">>, S) ->
    case binary:match(S, [<<"&">>, <<"=">>]) of
        nomatch ->
            case uri_string:dissect_query(S) of
                [] -> {text, <<>>};
                [{K, true}] -> {text, K};
                Other -> Other
            end;
        _ -> unsupported
    end;
call(latin1, <<"formEncodeLegacy">>, S) ->
    case is_latin1_label(field_arg(encoding)) of
        true -> {text, uri_string:compose_query([{S, true}], [{encoding, latin1}])};
        false -> unsupported
    end;
call(normalize, <<"normalize">>, S) -> {text, uri_string:normalize(S)};
call(_, _, _) -> unsupported.

%% The labels of windows-1252 (WHATWG Encoding §4.2), the encoding a "latin1"
%% label names in a form's charset; ASCII whitespace stripped, ASCII lowercase.
is_latin1_label(undefined) -> false;
is_latin1_label(L) ->
    lists:member(string:lowercase(string:trim(L, both, "\t\n\f\r ")),
                 ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819",
                  "iso-8859-1", "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1",
                  "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252", "x-cp1252"]).

field_arg(Name) -> get({arg, Name}).

result(_, unsupported) -> ",\"unsupported\":true";
result(<<"percentDecode">>, {_, {error, invalid_percent_encoding, _}}) -> error_kind("MalformedEscape");
result(<<"percentDecode">>, {error, invalid_percent_encoding, _}) -> error_kind("MalformedEscape");
result(_, {_, {error, Reason, _}}) -> error_kind(atom_to_list(Reason));
result(_, {error, Reason, _}) -> error_kind(atom_to_list(Reason));
result(_, {octets, B}) when is_binary(B) -> [",\"out_hex\":\"", binary:encode_hex(B), "\""];
result(_, {text, B}) when is_binary(B) ->
    [",\"out_utf16\":\"", binary:encode_hex(unicode:characters_to_binary(B, utf8, {utf16, big})), "\""];
result(_, Other) -> error_kind(io_lib:format("~0p", [Other])).

error_kind(K) ->
    [",\"error\":\"", [C || C <- lists:flatten(K), C >= $\s, C < 127, C =/= $", C =/= $\\], "\""].
