(require '[ring.util.codec :as codec])
;; a form value "100%": the '%' starts no escape
(println (pr-str (codec/form-decode-str "100%")))
