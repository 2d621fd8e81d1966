(* A pctest testee (testee/PROTOCOL.md) for the OCaml uri library's
   Uri.pct_encode and Uri.pct_decode. The first argument names the
   component; the row answers percentEncodeSet for RFC 3986's set of that
   component only:

     path         percentEncodeSet rfc3986.path      Uri.pct_encode s  (component `Path, the default)
                  percentDecodeLenient               Uri.pct_decode s
     query_value  percentEncodeSet rfc3986.query     Uri.pct_encode ~component:`Query_value s
     fragment     percentEncodeSet rfc3986.fragment  Uri.pct_encode ~component:`Fragment s
     userinfo     percentEncodeSet rfc3986.userinfo  Uri.pct_encode ~component:`Userinfo s

   Every other op or set is answered "unsupported", as is text (in -utf16hex
   mode) with a lone surrogate. An OCaml string is octets; the few request
   fields are read by hand and every answer is hex. *)

let field line name =
  let key = "\"" ^ name ^ "\":" in
  let kl = String.length key and ll = String.length line in
  let rec find i =
    if i + kl > ll then None
    else if String.sub line i kl = key then Some (i + kl)
    else find (i + 1)
  in
  match find 0 with
  | None -> None
  | Some i ->
      let i = ref i in
      while !i < ll && (line.[!i] = ' ' || line.[!i] = '"') do incr i done;
      let j = ref !i in
      while !j < ll && not (String.contains "\",}" line.[!j]) do incr j done;
      Some (String.sub line !i (!j - !i))

let of_hex h = String.init (String.length h / 2) (fun k -> Char.chr (int_of_string ("0x" ^ String.sub h (2 * k) 2)))

let to_hex s = String.concat "" (List.map (fun c -> Printf.sprintf "%02x" (Char.code c)) (List.of_seq (String.to_seq s)))

(* UTF-8 of UTF-16 code units in hex, or None for a lone surrogate. *)
let utf16_to_utf8 h =
  let n = String.length h / 4 in
  let unit k = int_of_string ("0x" ^ String.sub h (4 * k) 4) in
  let b = Buffer.create n in
  let rec go k =
    if k >= n then Some (Buffer.contents b)
    else
      let u = unit k in
      if u >= 0xD800 && u <= 0xDBFF && k + 1 < n && unit (k + 1) >= 0xDC00 && unit (k + 1) <= 0xDFFF then (
        Buffer.add_utf_8_uchar b (Uchar.of_int (0x10000 + ((u - 0xD800) lsl 10) + (unit (k + 1) - 0xDC00)));
        go (k + 2))
      else if u >= 0xD800 && u <= 0xDFFF then None
      else (Buffer.add_utf_8_uchar b (Uchar.of_int u); go (k + 1))
  in
  go 0

let ascii_utf16 s = String.concat "" (List.map (fun c -> Printf.sprintf "%04x" (Char.code c)) (List.of_seq (String.to_seq s)))

let component, set =
  match if Array.length Sys.argv > 1 then Sys.argv.(1) else "path" with
  | "path" -> (`Path, "rfc3986.path")
  | "query_value" -> (`Query_value, "rfc3986.query")
  | "fragment" -> (`Fragment, "rfc3986.fragment")
  | "userinfo" -> (`Userinfo, "rfc3986.userinfo")
  | c -> prerr_endline ("testee: unknown component " ^ c); exit 2

let answer line =
  let id = Option.value (field line "id") ~default:"0" in
  let unsupported = Printf.sprintf "{\"id\":%s,\"unsupported\":true}" id in
  match field line "op", field line "in_hex", field line "in_utf16" with
  | Some "percentEncodeSet", Some h, _ when field line "set" = Some set ->
      Printf.sprintf "{\"id\":%s,\"out_utf16\":\"%s\"}" id (ascii_utf16 (Uri.pct_encode ~component (of_hex h)))
  | Some "percentDecodeLenient", _, Some u when component = `Path -> (
      match utf16_to_utf8 u with
      | Some s -> Printf.sprintf "{\"id\":%s,\"out_hex\":\"%s\"}" id (to_hex (Uri.pct_decode s))
      | None -> unsupported)
  | _ -> unsupported

let () =
  try
    while true do
      let line = input_line stdin in
      if String.length line > 0 then (print_string (answer line ^ "\n"); flush stdout)
    done
  with End_of_file -> ()
