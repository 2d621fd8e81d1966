%% uri_string:unquote rejects "%zz" but lets a '%' with fewer than two characters after it through
main(_) ->
    io:format("~p ~p~n", [uri_string:unquote("100%zz"), uri_string:unquote("100%")]).
