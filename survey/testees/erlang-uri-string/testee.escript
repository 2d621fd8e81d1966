#!/usr/bin/env escript
%% -*- coding: utf-8 -*-
%% A pctest testee (protocol version 1, testee/PROTOCOL.md) for Erlang/OTP's
%% uri_string (OTP 25+). The argument picks the function set, one row each:
%%
%%   quote  uri_string:quote(S)                   percentEncode
%%          uri_string:unquote(S)                 percentDecode
%%   query  uri_string:compose_query([{S, true}]) formEncode
%%          uri_string:dissect_query(S)           formDecode
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

main([Which]) when Which =:= "quote"; Which =:= "query" ->
    ok = io:setopts(standard_io, [binary]),
    loop(list_to_atom(Which));
main(_) ->
    io:format(standard_error, "usage: testee.escript quote|query~n", []),
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
call(_, _, _) -> unsupported.

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
