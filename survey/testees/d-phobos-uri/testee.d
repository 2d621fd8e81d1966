// A pctest testee (protocol version 1, testee/PROTOCOL.md) for D's Phobos
// std.uri, whose four functions are ECMAScript's:
//
//   encodeURI           std.uri.encode(s)
//   encodeURIComponent  std.uri.encodeComponent(s)
//   decodeURI           std.uri.decode(s)
//   decodeURIComponent  std.uri.decodeComponent(s)
//
// Run it in the runner's -utf16hex mode: text arrives as UTF-16 code units
// ("in_utf16") and is handed to the functions as a D string, UTF-8, as their
// docs ask ("Encodes the UTF-8 string uri"). Text with a lone surrogate has
// no UTF-8 form and is answered "unsupported". Results (UTF-8 strings) go
// back as "out_utf16". URIException is answered URIError; any other
// exception with its class name.

import std.conv : to;
import std.json : JSONType, parseJSON;
import std.stdio : stdin, stdout;
import std.uri : URIException, decode, decodeComponent, encode, encodeComponent;
import std.utf : UTFException, toUTF16, toUTF8, validate;

string answer(string line)
{
    auto req = parseJSON(line);
    string head = `{"id":` ~ req["id"].toString;
    auto op = "op" in req.object ? req["op"].str : "";
    if ("in_utf16" !in req.object)
        return head ~ `,"unsupported":true}`;
    auto h = req["in_utf16"].str;
    wchar[] s;
    for (size_t i = 0; i + 4 <= h.length; i += 4)
        s ~= cast(wchar) h[i .. i + 4].to!ushort(16);
    string u;
    try
    {
        validate(s);
        u = toUTF8(s);
    }
    catch (UTFException)
        return head ~ `,"unsupported":true}`;
    string r;
    try
    {
        switch (op)
        {
        case "encodeURI": r = encode(u); break;
        case "encodeURIComponent": r = encodeComponent(u); break;
        case "decodeURI": r = decode(u); break;
        case "decodeURIComponent": r = decodeComponent(u); break;
        default: return head ~ `,"unsupported":true}`;
        }
    }
    catch (URIException e)
        return head ~ `,"error":"URIError","message":` ~ quote(e.msg) ~ `}`;
    catch (Exception e)
    {
        auto name = typeid(e).name;
        foreach_reverse (i, c; name)
            if (c == '.') { name = name[i + 1 .. $]; break; }
        return head ~ `,"error":` ~ quote(name) ~ `,"message":` ~ quote(e.msg) ~ `}`;
    }
    string o;
    foreach (wchar c; toUTF16(r))
        o ~= format4(c);
    return head ~ `,"out_utf16":"` ~ o ~ `"}`;
}

string format4(wchar c)
{
    import std.format : format;
    return format("%04x", cast(uint) c);
}

string quote(string s)
{
    string o = `"`;
    foreach (char c; s)
        o ~= (c == '"' || c == '\\') ? `\` ~ c : (c >= 0x20 && c < 0x7f) ? [c] : "?";
    return o ~ `"`;
}

void main()
{
    foreach (line; stdin.byLineCopy)
    {
        if (line.length == 0)
            continue;
        stdout.write(answer(line), "\n");
        // Answer everything read so far before blocking for more input.
        stdout.flush();
    }
}
