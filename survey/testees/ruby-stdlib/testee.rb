#!/usr/bin/env ruby
# frozen_string_literal: true

# A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Ruby's
# standard library. The first argument picks the function set, so that no
# two functions answer the same op in one run:
#
#   (none)  formEncode     URI.encode_www_form_component(str)
#           formDecode     URI.decode_www_form_component(str)
#           percentEncode  ERB::Util.url_encode(octets)
#   cgi     formEncode     CGI.escape(str)
#           formDecode     CGI.unescape(str)
#
# Every other op is answered "unsupported". README.md beside this file says
# why each function maps to its op; mapping.json says the same for machines.
#
#   pctest run -utf16hex -- ruby survey/testees/ruby-stdlib/testee.rb [cgi]
#
# Ruby's JSON parser rejects lone surrogates, so the runner's -utf16hex mode
# is needed: text arrives as "in_utf16". Text with a lone surrogate has no
# UTF-8 form, so a Ruby String cannot hold it: such a request is answered
# "unsupported". A text result that is not valid UTF-8 (these functions
# return the decoded octets as they are) is answered with the error
# "NotUTF8" and the octets in the message. An exception the function raises
# is answered with its class name as the error kind.

require_relative '../ruby-common/protocol'
require 'uri'
require 'erb'
require 'cgi'

FUNCTION_SETS = {
  '' => {
    'formEncode' => ->(s, _) { { 'out' => URI.encode_www_form_component(s) } },
    'formDecode' => ->(s, _) { { 'out' => URI.decode_www_form_component(s) } },
    'percentEncode' => ->(b, _) { { 'out' => ERB::Util.url_encode(b) } }
  },
  'cgi' => {
    'formEncode' => ->(s, _) { { 'out' => CGI.escape(s) } },
    'formDecode' => ->(s, _) { { 'out' => CGI.unescape(s) } }
  }
}.freeze

Protocol.serve(FUNCTION_SETS)
