require 'rack'
begin
  puts Rack::Utils.unescape('100%')
rescue ArgumentError => e
  puts "ArgumentError: #{e.message}"
end
