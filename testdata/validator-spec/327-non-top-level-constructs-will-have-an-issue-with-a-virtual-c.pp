User <| tag == web |>
