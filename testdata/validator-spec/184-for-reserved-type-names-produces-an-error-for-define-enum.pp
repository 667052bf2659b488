define enum {}
