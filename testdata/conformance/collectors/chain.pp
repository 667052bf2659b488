File <| |> -> Service <| |>
