class enum {}
