#!/usr/bin/ruby
# frozen_string_literal: true

# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Rack's
# escaping helpers in Rack::Utils (Debian ruby-rack, /usr/bin/ruby):
#
#   formEncode            Rack::Utils.escape(str)
#   formDecode            Rack::Utils.unescape(str)
#   percentDecodeLenient  Rack::Utils.unescape_path(str)
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op; mapping.json says the same for machines.
#
#   pctest run -utf16hex -- /usr/bin/ruby survey/testees/ruby-rack/testee.rb
#
# Ruby's JSON parser rejects lone surrogates, so the runner's -utf16hex mode
# is needed. Text with a lone surrogate has no UTF-8 form, so a Ruby String
# cannot hold it: such a request is answered "unsupported". A text result
# that is not valid UTF-8 is answered with the error "NotUTF8" and the
# octets in the message. An exception is answered with its class name.

require_relative '../ruby-common/protocol'
require 'rack'

FUNCTION_SETS = {
  '' => {
    'formEncode' => ->(s, _) { { 'out' => Rack::Utils.escape(s) } },
    'formDecode' => ->(s, _) { { 'out' => Rack::Utils.unescape(s) } },
    'percentDecodeLenient' => ->(s, _) { { 'out_hex' => Rack::Utils.unescape_path(s).unpack1('H*') } }
  }
}.freeze

Protocol.serve(FUNCTION_SETS)
