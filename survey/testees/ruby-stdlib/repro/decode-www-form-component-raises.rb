# URI.decode_www_form_component raises on a '%' that starts no escape;
# the form parser (WHATWG URL §5.1) keeps it: "100%" decodes to "100%".
require "uri"
begin
  p URI.decode_www_form_component("100%")
rescue => e
  puts e.class
end
