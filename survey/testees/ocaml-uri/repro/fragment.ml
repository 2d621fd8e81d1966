(* RFC 3986 §3.5: a fragment keeps pchar (sub-delims '&' ';' '+' included), '/' and '?' *)
let () = print_endline (Uri.pct_encode ~component:`Fragment "a&b;c+d")
