using System;
using System.Text;
using System.Web;

class Repro {
    static void Main() {
        try { Console.WriteLine(HttpUtility.UrlEncode("\u3042", Encoding.GetEncoding("iso-2022-jp"))); }
        catch (Exception e) { Console.WriteLine(e.GetType().Name); }
    }
}
