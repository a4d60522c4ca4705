package main

func genCmd(args []string) error { return nil }
