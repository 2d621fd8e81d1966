require 'addressable/uri'
puts Addressable::URI.normalize_component('%EF%BC%A1/%ef%bc%a1')
