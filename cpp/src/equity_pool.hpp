// Equity: the worker pool (Monitor runs a method's chunks on worker threads
// while the calling thread calls the hooks: progress, the time limit, a stop)
// and a run's share of the work when it is split in parts (part_bound).
// A part of equity.cpp, included by it alone (private: not installed): the
// parts compile as one unit, as before the split, so the compiler inlines
// the same calls into the inner loops (compiled apart, GCC's per-file limit
// on inline growth left settle() out of line in the enumerator's leaf loop).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "equity_spot.hpp"
#include "splitpot/equity.hpp"

namespace splitpot {
namespace {

// ---------------------------------------------------------------- the pool

using Clock = std::chrono::steady_clock;

// Runs work(chunk, worker) for chunks [first, last) on `threads` worker
// threads, handed out in order; the calling thread waits, calling the hooks
// about every 5 ms. Workers stop taking chunks once asked to stop, so the
// chunks done are always [first, returned).
class Monitor {
 public:
  Monitor(const EquityHooks& hooks, double seconds) : hooks_(hooks) {
    if (seconds > 0) {
      deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
      has_deadline_ = true;
    }
  }
  EquityStop stop = EquityStop::Complete;

  template <class Work, class Done>
  std::uint64_t run(int threads, std::uint64_t first, std::uint64_t last, const Work& work, const Done& done_units,
                    std::uint64_t total_units) {
    if (first >= last || stop != EquityStop::Complete) return first;
    std::atomic<std::uint64_t> next{first};
    std::atomic<std::uint64_t> finished{0};
    std::atomic<bool> halt{false};
    std::atomic<int> live{0};
    std::mutex mu;
    std::condition_variable cv;
    const auto n_threads = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads), last - first));
    auto loop = [&](int id) {
      for (;;) {
        if (halt.load(std::memory_order_relaxed)) break;
        const std::uint64_t chunk = next.fetch_add(1, std::memory_order_relaxed);
        if (chunk >= last) break;
        work(chunk, id, halt);
        finished.fetch_add(1, std::memory_order_relaxed);
      }
      std::lock_guard<std::mutex> lock(mu);
      live.fetch_sub(1);
      cv.notify_all();
    };
    live = n_threads;
    std::vector<std::thread> pool;
    // Halts and joins the workers however this frame is left: also when a hook
    // unwinds it (a thread ended by the interpreter's shutdown unwinds with
    // abi::__forced_unwind, which must go on; joinable threads left to
    // ~vector<thread> would call std::terminate).
    struct Joiner {
      std::vector<std::thread>& pool;
      std::atomic<bool>& halt;
      ~Joiner() {
        halt.store(true);
        for (auto& th : pool) {
          if (th.joinable()) th.join();
        }
      }
    } joiner{pool, halt};
    pool.reserve(static_cast<std::size_t>(n_threads));
    for (int i = 0; i < n_threads; ++i) pool.emplace_back(loop, i);
    {
      std::unique_lock<std::mutex> lock(mu);
      while (live.load() > 0) {
        cv.wait_for(lock, std::chrono::milliseconds(5));
        if (live.load() == 0) break;
        lock.unlock();
        const bool go = tick(done_units(finished.load(std::memory_order_relaxed)), total_units);
        lock.lock();
        if (!go) halt.store(true);
      }
    }
    for (auto& th : pool) th.join();  // (the joiner's join again finds none joinable)
    return std::min(next.load(), last);
  }

  /// The progress hook at the end of a run, however it ended (time up, target
  /// reached or not, stopped by the poll): the bar reaches where the work
  /// stopped; its answer is ignored (the run is over). Not called with nothing
  /// done, nor after the hook itself asked to stop (it knows).
  void finish(std::uint64_t done, std::uint64_t total) {
    if (hooks_.progress && total > 0 && done > 0 && !progress_stopped_) hooks_.progress(std::min(done, total), total);
  }

  /// The hooks, with `done` units of the `total` done (also between runs and
  /// at the end): false once stopped.
  bool tick(std::uint64_t done, std::uint64_t total, bool final = false) {
    if (stop != EquityStop::Complete) return false;
    if (hooks_.poll && !hooks_.poll()) {
      stop = EquityStop::Stopped;
      return false;
    }
    // The time limit ends a run only once some work is done: a limit that
    // passed before a worker thread got to run (a tiny limit, a busy machine)
    // would otherwise end it with nothing, so a Monte Carlo run always draws
    // its first block.
    if (has_deadline_ && done > 0 && Clock::now() >= deadline_) {
      stop = EquityStop::Time;
      return false;
    }
    if (hooks_.progress && total > 0) {
      const std::uint64_t step = static_cast<std::uint64_t>(static_cast<long double>(done) * 16 / total);
      const auto now = Clock::now();
      // At each sixteenth of the work (not closer than 20 ms), every quarter
      // second once more work is done (a long run's progress bar keeps moving;
      // any call means some work is done), and at the end.
      const auto since = now - last_;
      if (final || (done > done_ && since >= std::chrono::milliseconds(250)) ||
          (step > step_ && since >= std::chrono::milliseconds(20))) {
        step_ = step;
        done_ = done;
        last_ = now;
        if (!hooks_.progress(std::min(done, total), total)) {
          stop = EquityStop::Stopped;
          progress_stopped_ = true;
          return false;
        }
      }
    }
    return true;
  }

 private:
  const EquityHooks& hooks_;
  Clock::time_point deadline_{};
  bool has_deadline_ = false;
  bool progress_stopped_ = false;
  std::uint64_t step_ = 0;
  std::uint64_t done_ = 0;
  Clock::time_point last_ = Clock::now();
};

constexpr int kMaxThreads = 256;  // more would only add start-up cost

int workers(int threads, std::uint64_t work) {
  return work < 200'000 ? 1 : std::min(threads, kMaxThreads);  // small runs: thread start-up would dominate
}

/// The start of part k of `parts` contiguous slices of `units` (k = parts: the end).
std::uint64_t part_bound(std::uint64_t units, std::uint64_t k, std::uint64_t parts) {
  return mul_div(units, k, parts);  // k <= parts
}

}  // namespace
}  // namespace splitpot
