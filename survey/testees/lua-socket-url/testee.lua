-- A pctest testee (testee/PROTOCOL.md, run with -utf16hex) for LuaSocket's
-- socket.url escapers:
--
--   percentEncode         url.escape(octets)
--   percentDecodeLenient  url.unescape(UTF-8 of the text)
--
-- Every other op is answered "unsupported"; so is text with a lone
-- surrogate, which has no UTF-8 form. Lua strings are octets; the few
-- request fields are read with patterns and every answer is hex.
local url = require("socket.url")

local function fromhex(h)
  return (h:gsub("%x%x", function(x) return string.char(tonumber(x, 16)) end))
end

local function tohex(s)
  return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end))
end

-- UTF-8 of UTF-16 code units in hex, or nil for a lone surrogate.
local function utf16toutf8(h)
  local units, out, i = {}, {}, 1
  for u in h:gmatch("%x%x%x%x") do units[#units + 1] = tonumber(u, 16) end
  while i <= #units do
    local u = units[i]
    if u >= 0xD800 and u <= 0xDBFF then
      local l = units[i + 1]
      if not l or l < 0xDC00 or l > 0xDFFF then return nil end
      u = 0x10000 + (u - 0xD800) * 0x400 + (l - 0xDC00)
      i = i + 1
    elseif u >= 0xDC00 and u <= 0xDFFF then
      return nil
    end
    out[#out + 1] = utf8.char(u)
    i = i + 1
  end
  return table.concat(out)
end

local function answer(line)
  local id = line:match('"id":%s*(%d+)')
  if not id then return nil end
  local op = line:match('"op":%s*"([^"]*)"')
  local inhex = line:match('"in_hex":%s*"(%x*)"')
  local in16 = line:match('"in_utf16":%s*"(%x*)"')
  if op == "percentEncode" and inhex then
    return string.format('{"id":%s,"out":"%s"}', id, url.escape(fromhex(inhex)))
  elseif op == "percentDecodeLenient" and in16 then
    local s = utf16toutf8(in16)
    if s then
      return string.format('{"id":%s,"out_hex":"%s"}', id, tohex(url.unescape(s)))
    end
  end
  return string.format('{"id":%s,"unsupported":true}', id)
end

for line in io.lines() do
  local a = answer(line)
  if a then io.write(a, "\n"); io.flush() end
end
