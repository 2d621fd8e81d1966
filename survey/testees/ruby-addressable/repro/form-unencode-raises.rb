require 'addressable/uri'
begin
  p Addressable::URI.form_unencode('q=%E9t%E9')
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
