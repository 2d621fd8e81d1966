(* RFC 3986 §3.2.1: userinfo keeps unreserved, sub-delims and ':' *)
let () = print_endline (Uri.pct_encode ~component:`Userinfo "a!b$c=d")
