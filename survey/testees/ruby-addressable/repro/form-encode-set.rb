require 'addressable/uri'
puts Addressable::URI.form_encode([['q', '*~']])
