using System;
using System.Linq;
using System.Net;
using System.Web;

class Repro {
    static string Hex(string s) => string.Concat(s.Select(c => $"\\u{(int)c:x4}"));
    static void Main() {
        Console.WriteLine(Hex(HttpUtility.UrlDecode("%ED%A0%80")) + " " + Hex(WebUtility.UrlDecode("%E0%80%80")));
    }
}
