(require '[ring.util.codec :as codec])
;; a '%' followed by two letters that are not hex digits
(println (try (codec/url-decode "100%zz")
              (catch Exception e (.getName (class e)))))
