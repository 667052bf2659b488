User <| title =~ /b/ |>
