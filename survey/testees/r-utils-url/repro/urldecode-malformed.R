# "%4G" is no escape: RFC 3986 §2.1 takes '%' only before two hex digits
cat(utils::URLdecode("a%4G"), "\n", sep = "")
