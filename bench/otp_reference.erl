#!/usr/bin/env escript
%% -*- erlang -*-
%%
%% otp_reference: the workloads of zerg-bench-supervision on a real OTP supervisor, so that the
%% C++ figures have something to be compared with. zerg-bench-supervision runs this file itself
%% (escript on PATH) and reads the "key value" lines it prints; it can also be run by hand:
%%
%%   escript bench/otp_reference.erl [DURATION_MS] [CHILDREN] [ROUNDS]   (defaults: 2000 10000 5)
%%
%%   restarts  a one_for_one supervisor (intensity 1,000,000 per 1 s: it never gives up) with one
%%             permanent worker that crashes as soon as it is started: it sends itself a message
%%             and exits with reason crash when it receives it. Restarts per second over
%%             DURATION_MS of wall time, and the restart latency: from the crash (just before
%%             exit/1) to the supervisor calling the start function of the next child.
%%   dynamic   a simple_one_for_one supervisor; CHILDREN supervisor:start_child/2 calls, then the
%%             supervisor is stopped the way a parent stops it (exit(Sup, shutdown)) and the
%%             parent waits for its 'EXIT'. The children do not trap exits, so each stops at once
%%             on the shutdown signal. One warm-up round, then ROUNDS rounds; medians.
%%
%% Children are plain linked processes (spawn_link): the C++ children are plain QObjects, and
%% proc_lib's bookkeeping would only add cost on the OTP side. Logging is switched off (primary
%% level none): OTP's supervisor logs a report for every crash, the Zerg supervisor logs none.
-module(otp_reference).
-mode(compile).
-export([main/1, init/1, start_crasher/0, start_idle/0]).

%% Slots of the shared atomics array of the restart workload.
-define(LAST_CRASH, 1).
-define(RESTARTS, 2).
-define(FIRST_START, 3).
-define(LAST_START, 4).
-define(LATENCY0, 4).  % latency of restart N is in slot LATENCY0 + N

main(Args) ->
    {DurationMs, Children, Rounds} = parse_args(Args),
    process_flag(trap_exit, true),
    ok = logger:set_primary_config(level, none),
    io:format("otp_release ~s~n", [erlang:system_info(otp_release)]),
    io:format("schedulers ~b~n", [erlang:system_info(schedulers_online)]),
    restarts(DurationMs),
    dynamic(Children, Rounds),
    ok.

parse_args([]) -> {2000, 10000, 5};
parse_args([D]) -> {list_to_integer(D), 10000, 5};
parse_args([D, C]) -> {list_to_integer(D), list_to_integer(C), 5};
parse_args([D, C, R | _]) -> {list_to_integer(D), list_to_integer(C), list_to_integer(R)}.

now_ns() -> erlang:monotonic_time(nanosecond).

%% ---- supervisor callback ----------------------------------------------------------------------

init(restarts) ->
    Flags = #{strategy => one_for_one, intensity => 1000000, period => 1},
    Child = #{id => crasher, start => {?MODULE, start_crasher, []}, restart => permanent},
    {ok, {Flags, [Child]}};
init(dynamic) ->
    Flags = #{strategy => simple_one_for_one, intensity => 1, period => 5},
    Template = #{id => idle, start => {?MODULE, start_idle, []}, restart => permanent},
    {ok, {Flags, [Template]}}.

%% ---- restarts ---------------------------------------------------------------------------------

%% Called by the supervisor (in its own process) for the first start and every restart.
start_crasher() ->
    #{atomics := A, base := Base, deadline := Deadline, bench := Bench, cap := Cap} =
        persistent_term:get(?MODULE),
    Now = now_ns() - Base,
    case atomics:get(A, ?LAST_CRASH) of
        -1 ->
            atomics:put(A, ?FIRST_START, Now);
        Crash ->
            N = atomics:add_get(A, ?RESTARTS, 1),
            N =< Cap andalso atomics:put(A, ?LATENCY0 + N, Now - Crash),
            atomics:put(A, ?LAST_START, Now)
    end,
    case Now < Deadline of
        true ->
            {ok, spawn_link(fun crasher/0)};
        false ->
            Bench ! time_is_up,
            {ok, spawn_link(fun idle/0)}
    end.

crasher() ->
    self() ! crash,
    receive
        crash ->
            #{atomics := A, base := Base} = persistent_term:get(?MODULE),
            atomics:put(A, ?LAST_CRASH, now_ns() - Base),
            exit(crash)
    end.

idle() ->
    receive
        stop -> ok
    end.

restarts(DurationMs) ->
    Cap = max(1000000, DurationMs * 1000),
    A = atomics:new(?LATENCY0 + Cap, [{signed, true}]),
    atomics:put(A, ?LAST_CRASH, -1),
    Base = now_ns(),
    persistent_term:put(?MODULE, #{atomics => A, base => Base,
                                   deadline => DurationMs * 1000000, bench => self(),
                                   cap => Cap}),
    {ok, Sup} = supervisor:start_link(?MODULE, restarts),
    receive
        time_is_up -> ok
    end,
    stop_supervisor(Sup),
    Restarts = atomics:get(A, ?RESTARTS),
    Span = atomics:get(A, ?LAST_START) - atomics:get(A, ?FIRST_START),
    Latencies = lists:sort([atomics:get(A, ?LATENCY0 + I) || I <- lists:seq(1, min(Restarts, Cap))]),
    persistent_term:erase(?MODULE),
    io:format("restarts ~b~n", [Restarts]),
    io:format("restarts_span_ms ~.3f~n", [Span / 1.0e6]),
    io:format("restarts_per_sec ~.1f~n", [Restarts / (Span / 1.0e9)]),
    io:format("restart_p50_us ~.3f~n", [percentile(Latencies, 0.5) / 1000]),
    io:format("restart_p99_us ~.3f~n", [percentile(Latencies, 0.99) / 1000]).

%% Same definition as bench/bench_stats.h: element floor(n * q) of the sorted sample, 0-based.
percentile([], _) -> 0;
percentile(Sorted, Q) ->
    N = length(Sorted),
    lists:nth(min(N - 1, trunc(N * Q)) + 1, Sorted).

%% A parent stops its supervisor with exit(Sup, shutdown) and waits for the 'EXIT'.
stop_supervisor(Sup) ->
    exit(Sup, shutdown),
    receive
        {'EXIT', Sup, _} -> ok
    end.

%% ---- dynamic children -------------------------------------------------------------------------

start_idle() ->
    {ok, spawn_link(fun idle/0)}.

dynamic(Children, Rounds) ->
    _ = dynamic_round(Children),  % warm-up
    Results = [dynamic_round(Children) || _ <- lists:seq(1, Rounds)],
    {Starts, Stops} = lists:unzip(Results),
    io:format("dynamic_children ~b~n", [Children]),
    io:format("dynamic_rounds ~b~n", [Rounds]),
    io:format("dynamic_start_ms ~.3f~n", [median(Starts)]),
    io:format("dynamic_stop_ms ~.3f~n", [median(Stops)]).

dynamic_round(Children) ->
    {ok, Sup} = supervisor:start_link(?MODULE, dynamic),
    T0 = now_ns(),
    start_children(Sup, Children),
    T1 = now_ns(),
    stop_supervisor(Sup),
    T2 = now_ns(),
    {(T1 - T0) / 1.0e6, (T2 - T1) / 1.0e6}.

start_children(_Sup, 0) -> ok;
start_children(Sup, N) ->
    {ok, _} = supervisor:start_child(Sup, []),
    start_children(Sup, N - 1).

median(Values) ->
    Sorted = lists:sort(Values),
    lists:nth(length(Sorted) div 2 + 1, Sorted).
