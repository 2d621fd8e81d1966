#!/usr/bin/env ruby
# frozen_string_literal: true

# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Ruby's
# encodings behind two functions:
#
#   formEncodeLegacy   URI.encode_www_form_component(str, E)
#   utf8DecodeReplace  octets.force_encoding(Encoding::UTF_8).scrub
#
# E is the Ruby Encoding for the WHATWG encoding that args.encoding names
# (ENCODINGS below). Every other op is answered "unsupported". README.md
# beside this file says why each function maps to its op; mapping.json
# says the same for machines.
#
#   pctest run -utf16hex -- ruby survey/testees/ruby-encoding/testee.rb
#
# Text arrives as "in_utf16" (Ruby's JSON parser rejects lone surrogates);
# text with a lone surrogate has no UTF-8 form and is answered
# "unsupported".

require_relative '../ruby-common/protocol'
require 'uri'

# The Ruby Encoding for each WHATWG encoding (Encoding §4.2, by its name)
# that Encoding.name_list has under that character set's name.
# replacement, UTF-16BE and UTF-16LE are UTF-8 here: the URL standard
# encodes with the "output encoding" (Encoding §4.3), which is UTF-8 for
# them. Ruby has no x-user-defined, and Windows-1258 is an Encoding it
# names but cannot convert to (no transcoder), so it is left out too.
ENCODINGS = {
  'utf-8' => 'UTF-8', 'ibm866' => 'IBM866', 'iso-8859-2' => 'ISO-8859-2',
  'iso-8859-3' => 'ISO-8859-3', 'iso-8859-4' => 'ISO-8859-4', 'iso-8859-5' => 'ISO-8859-5',
  'iso-8859-6' => 'ISO-8859-6', 'iso-8859-7' => 'ISO-8859-7', 'iso-8859-8' => 'ISO-8859-8',
  'iso-8859-8-i' => 'ISO-8859-8', 'iso-8859-10' => 'ISO-8859-10', 'iso-8859-13' => 'ISO-8859-13',
  'iso-8859-14' => 'ISO-8859-14', 'iso-8859-15' => 'ISO-8859-15', 'iso-8859-16' => 'ISO-8859-16',
  'koi8-r' => 'KOI8-R', 'koi8-u' => 'KOI8-U', 'macintosh' => 'macRoman',
  'windows-874' => 'Windows-874', 'windows-1250' => 'Windows-1250', 'windows-1251' => 'Windows-1251',
  'windows-1252' => 'Windows-1252', 'windows-1253' => 'Windows-1253', 'windows-1254' => 'Windows-1254',
  'windows-1255' => 'Windows-1255', 'windows-1256' => 'Windows-1256', 'windows-1257' => 'Windows-1257',
  'x-mac-cyrillic' => 'macCyrillic', 'gbk' => 'GBK',
  'gb18030' => 'GB18030', 'big5' => 'Big5', 'euc-jp' => 'EUC-JP', 'iso-2022-jp' => 'ISO-2022-JP',
  'shift_jis' => 'Shift_JIS', 'euc-kr' => 'EUC-KR',
  'replacement' => 'UTF-8', 'utf-16be' => 'UTF-8', 'utf-16le' => 'UTF-8'
}.freeze

# The Encoding for args.encoding, read as Encoding §4.2 reads a label
# (ASCII whitespace stripped, ASCII lowercase) but only as an encoding's
# own name: Ruby's aliases are not WHATWG's labels.
def encoding_of(args)
  name = ENCODINGS[(args['encoding'] || '').gsub(/\A[\t\n\f\r ]+|[\t\n\f\r ]+\z/, '').downcase]
  raise Protocol::Unsupported, "no Ruby encoding for #{args['encoding'].inspect}" if name.nil?

  Encoding.find(name)
rescue ArgumentError => e
  raise Protocol::Unsupported, e.message
end

FUNCTION_SETS = {
  '' => {
    'formEncodeLegacy' => ->(s, a) { { 'out' => URI.encode_www_form_component(s, encoding_of(a)) } },
    'utf8DecodeReplace' => ->(b, _) { { 'out' => b.dup.force_encoding(Encoding::UTF_8).scrub } }
  }
}.freeze

Protocol.serve(FUNCTION_SETS)
