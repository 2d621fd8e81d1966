require 'uri'
# é is in EUC-JP (JIS X 0212) but not in ISO-2022-JP: the fallback gets
# the EUC-JP character, whose ord is 0x8FABB1, not U+00E9.
puts URI.encode_www_form_component("\u00e9", Encoding::ISO_2022_JP)
