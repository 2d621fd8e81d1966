#!/usr/bin/ruby
# frozen_string_literal: true

# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
# encoding helpers of Addressable::URI (Debian ruby-addressable,
# /usr/bin/ruby):
#
#   percentEncodeSet      Addressable::URI.encode_component(octets, CharacterClasses::X)
#                         for the sets rfc3986.unreserved, pchar, path, query, fragment
#   percentDecodeLenient  Addressable::URI.unencode_component(str)
#   normalize             Addressable::URI.normalize_component(str)
#   formEncode            Addressable::URI.form_encode([['', str]]) without its leading '='
#   formDecode            Addressable::URI.form_unencode('=' + str), the pair's value
#
# Every other op (and every other set) is answered "unsupported". README.md
# beside this file says why each function maps to its op; mapping.json says
# the same for machines.
#
#   pctest run -utf16hex -- /usr/bin/ruby survey/testees/ruby-addressable/testee.rb
#
# Ruby's JSON parser rejects lone surrogates, so the runner's -utf16hex mode
# is needed. Text with a lone surrogate has no UTF-8 form, so a Ruby String
# cannot hold it: such a request is answered "unsupported". A text result
# that is not valid UTF-8 is answered with the error "NotUTF8" and the
# octets in the message. An exception is answered with its class name.

require_relative '../ruby-common/protocol'
require 'addressable/uri'

CC = Addressable::URI::CharacterClasses
SETS = {
  'rfc3986.unreserved' => CC::UNRESERVED,
  'rfc3986.pchar' => CC::PCHAR,
  'rfc3986.path' => CC::PATH,
  'rfc3986.query' => CC::QUERY,
  'rfc3986.fragment' => CC::FRAGMENT
}.freeze

def encode_set(octets, args)
  set = SETS[args['set']]
  raise Protocol::Unsupported, "set #{args['set']} is none of Addressable's character classes" if set.nil?

  { 'out' => Addressable::URI.encode_component(octets, set) }
end

# form_decode decodes one name or value: the form parser splits on '&'
# before it decodes, so a string with '&' is no single value.
def form_decode(s)
  raise Protocol::Unsupported, "'&' separates pairs" if s.include?('&')

  { 'out' => Addressable::URI.form_unencode("=#{s}")[0][1] }
end

FUNCTION_SETS = {
  '' => {
    'percentEncodeSet' => ->(b, a) { encode_set(b, a) },
    'percentDecodeLenient' => ->(s, _) { { 'out_hex' => Addressable::URI.unencode_component(s).unpack1('H*') } },
    'normalize' => ->(s, _) { { 'out' => Addressable::URI.normalize_component(s) } },
    'formEncode' => ->(s, _) { { 'out' => Addressable::URI.form_encode([['', s]]).delete_prefix('=') } },
    'formDecode' => ->(s, _) { form_decode(s) }
  }
}.freeze

Protocol.serve(FUNCTION_SETS)
